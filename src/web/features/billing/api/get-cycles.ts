// GET /api/billing/cycles: every billing cycle, newest first, with its totals, what is still owed and
// to how many agents (farm store). Every cycle stays reachable, not only the current and previous.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingCycle } from '../../../../shared/billing.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { CYCLES_PAGE, CYCLES_PATH } from './paths.ts';

export const cyclesQueryOptions = () =>
  queryOptions({
    queryKey: [`${CYCLES_PATH}?limit=${CYCLES_PAGE}`],
    // 'users': an agent's bank details change how many are left out of the payout file.
    meta: tagged('billing', 'users'),
    queryFn: () => api.get<BillingCycle[]>(`${CYCLES_PATH}?limit=${CYCLES_PAGE}`),
  });

export const useCycles = () => useQuery(cyclesQueryOptions());
