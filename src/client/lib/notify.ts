// Toasts with the spec's titles: at most one visible, 5000 ms (set on <Notifications>).
import { notifications } from '@mantine/notifications';

export const notifySuccess = (message: string, title = 'Success') =>
  notifications.show({ title, message, color: 'green' });

export const notifyError = (message: string, title = 'Error') => notifications.show({ title, message, color: 'red' });
