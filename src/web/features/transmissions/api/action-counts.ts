// What waits for the signed-in user, by kind (decision 047): the farm store's sidebar shows its flagged
// counts and supplier crate requests as figures of their own beside the spec's pending-count badge.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActionCounts } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const ACTION_COUNTS_PATH = '/api/transmissions/action-counts';

export const actionCountsQueryOptions = () =>
  queryOptions({
    queryKey: [ACTION_COUNTS_PATH],
    meta: tagged('transmissions', 'suppliers'),
    queryFn: () => api.get<ActionCounts>(ACTION_COUNTS_PATH),
  });

const NONE: ActionCounts = { deliveries: 0, crateRequests: 0, flaggedCounts: 0 };

/** The figures; `enabled` false (a role with nothing but deliveries) asks nothing and answers zeros. */
export function useActionCounts(enabled: boolean): ActionCounts {
  return useQuery({ ...actionCountsQueryOptions(), enabled }).data ?? NONE;
}
