// Toasts with the spec's titles: at most one visible, 5000 ms (set on <Notifications>). A new toast
// replaces the visible one instead of queueing behind it: a queued error would otherwise
// appear seconds later, next to an action that succeeded.
import { type NotificationData, notifications } from '@mantine/notifications';
import { t } from './i18n/language.ts';

function replaceWith(notification: NotificationData) {
  notifications.clean();
  // The close button is an icon: it needs a name for screen readers (axe button-name).
  return notifications.show({ closeButtonProps: { 'aria-label': t('components.closeNotification') }, ...notification });
}

export const notifySuccess = (message: string, title = t('components.success')) =>
  replaceWith({ title, message, color: 'green' });

/** Done, but not all the way: e.g. e-mails queued while the mail server is not answering (decision 046). */
export const notifyNotice = (message: string, title: string) => replaceWith({ title, message, color: 'yellow' });

export const notifyError = (message: string, title = t('components.error')) =>
  replaceWith({ title, message, color: 'red' });

/** Removes the visible toast, e.g. a signed-out form's error once the person is signed in. */
export const clearNotifications = () => notifications.clean();
