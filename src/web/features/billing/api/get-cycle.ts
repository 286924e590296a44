// GET /api/billing/cycles/{cycleId}: one billing cycle with its totals (farm store; 404 when unknown).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingCycle } from '../../../../shared/billing.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { cyclePath } from './paths.ts';

export const cycleQueryOptions = (cycleId: number) =>
  queryOptions({
    queryKey: [cyclePath(cycleId)],
    meta: tagged('billing', 'users'),
    queryFn: () => api.get<BillingCycle>(cyclePath(cycleId)),
  });

export const useCycle = (cycleId: number) => useQuery(cycleQueryOptions(cycleId));
