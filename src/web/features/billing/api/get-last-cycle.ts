// GET /api/billing/last-cycle: the cycle that ended most recently before today, with its totals, or null
// (farm store).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingCycle } from '../../../../shared/billing.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { LAST_CYCLE_PATH } from './paths.ts';

export const lastCycleQueryOptions = () =>
  queryOptions({
    queryKey: [LAST_CYCLE_PATH],
    meta: tagged('billing'),
    queryFn: () => api.get<BillingCycle | null>(LAST_CYCLE_PATH),
  });

export const useLastCycle = () => useQuery(lastCycleQueryOptions());
