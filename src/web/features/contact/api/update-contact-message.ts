// PATCH /api/contact-messages/{id}: mark a contact message as read or unread.
import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '../../../../shared/contact.ts';
import { api } from '../../../lib/api-client.ts';
import { CONTACT_MESSAGES_PATH } from './get-contact-messages.ts';

export const updateContactMessage = ({ id, isRead }: { id: number; isRead: boolean }) =>
  api.patch<ContactMessage>(`${CONTACT_MESSAGES_PATH}/${id}`, { isRead });

export function useUpdateContactMessage() {
  return useMutation({
    mutationFn: updateContactMessage,
  });
}
