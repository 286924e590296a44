// GET /api/contact-messages: the farm store's inbox of contact messages, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactMessage } from '../../../../shared/contact.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const CONTACT_MESSAGES_PATH = '/api/contact-messages';

export const getContactMessages = () => api.get<ContactMessage[]>(CONTACT_MESSAGES_PATH);

export const contactMessagesQueryOptions = () =>
  queryOptions({ queryKey: [CONTACT_MESSAGES_PATH], queryFn: getContactMessages, meta: tagged('contact') });

export const useContactMessages = () => useQuery(contactMessagesQueryOptions());
