// GET /api/contact-messages/unread-count: website messages nobody has read yet (farm store), for the
// header's envelope and the dashboard's Pricing tab.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadContactCount } from '../../../../shared/contact.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const UNREAD_CONTACT_COUNT_PATH = '/api/contact-messages/unread-count';

export const unreadContactCountQueryOptions = () =>
  queryOptions({
    queryKey: [UNREAD_CONTACT_COUNT_PATH],
    queryFn: () => api.get<UnreadContactCount>(UNREAD_CONTACT_COUNT_PATH),
    meta: tagged('contact'),
  });

/** The unread count; 0 until it has loaded. */
export const useUnreadContactCount = () => useQuery(unreadContactCountQueryOptions()).data?.count ?? 0;
