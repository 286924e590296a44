// GET /api/billing/cycles/{cycleId}/payout: what the payout file would hold (rows, total) and the
// agents owed money it leaves out for lack of bank details, shown before the file is downloaded.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutSummary } from '../../../../shared/billing.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { payoutSummaryPath } from './paths.ts';

export const payoutSummaryQueryOptions = (cycleId: number) =>
  queryOptions({
    queryKey: [payoutSummaryPath(cycleId)],
    meta: tagged('billing', 'users'),
    queryFn: () => api.get<PayoutSummary>(payoutSummaryPath(cycleId)),
  });

export const usePayoutSummary = (cycleId: number) => useQuery(payoutSummaryQueryOptions(cycleId));
