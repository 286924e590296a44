// GET /api/billing/records/{cycleId}: each agent's crates and amount in a cycle (farm store; account
// numbers masked).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingRecord } from '../../../../shared/billing.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { RECORDS_PAGE, RECORDS_PATH } from './paths.ts';

export const cycleRecordsQueryOptions = (cycleId: number) =>
  queryOptions({
    queryKey: [`${RECORDS_PATH}/${cycleId}`],
    // Agents' names and bank details show here too: 'users' covers a rename or removal.
    meta: tagged('billing', 'users'),
    queryFn: () => api.get<BillingRecord[]>(`${RECORDS_PATH}/${cycleId}?limit=${RECORDS_PAGE}`),
  });

export const useCycleRecords = (cycleId: number | undefined) =>
  useQuery({ ...cycleRecordsQueryOptions(cycleId ?? 0), enabled: cycleId !== undefined });
