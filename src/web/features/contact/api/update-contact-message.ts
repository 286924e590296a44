// PATCH /api/contact-messages/{id}: mark a contact message as read or unread.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage } from '../../../../shared/contact.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { CONTACT_MESSAGES_PATH } from './get-contact-messages.ts';

export const updateContactMessage = ({ id, isRead }: { id: number; isRead: boolean }) =>
  api.patch<ContactMessage>(`${CONTACT_MESSAGES_PATH}/${id}`, { isRead });

export function useUpdateContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactMessage,
    onSuccess: () => invalidateTags(queryClient, ['contact']),
  });
}
