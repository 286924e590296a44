// The sidebar badge: pending transmissions addressed to the signed-in user.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const PENDING_COUNT_PATH = '/api/transmissions/pending-count';

export const pendingCountQueryOptions = () =>
  queryOptions({
    queryKey: [PENDING_COUNT_PATH],
    meta: tagged('transmissions'),
    queryFn: () => api.get<{ count: number }>(PENDING_COUNT_PATH),
  });

export function usePendingTransmissionCount(): number {
  return useQuery(pendingCountQueryOptions()).data?.count ?? 0;
}
