// GET /api/billing/current-cycle: the cycle whose dates contain today, with its totals, or null (farm store).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingCycle } from '../../../../shared/billing.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { CURRENT_CYCLE_PATH } from './paths.ts';

export const currentCycleQueryOptions = () =>
  queryOptions({
    queryKey: [CURRENT_CYCLE_PATH],
    meta: tagged('billing'),
    queryFn: () => api.get<BillingCycle | null>(CURRENT_CYCLE_PATH),
  });

export const useCurrentCycle = () => useQuery(currentCycleQueryOptions());
