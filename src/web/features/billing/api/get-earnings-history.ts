// GET /api/market-agents/earnings/history: the signed-in agent's record in each cycle, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EarningsHistoryItem } from '../../../../shared/billing.ts';
import { api } from '../../../lib/api-client.ts';
import { pollEvery } from '../../../lib/polling.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { EARNINGS_HISTORY_PATH } from './paths.ts';

export const earningsHistoryQueryOptions = () =>
  queryOptions({
    queryKey: [EARNINGS_HISTORY_PATH],
    meta: tagged('billing'),
    queryFn: () => api.get<EarningsHistoryItem[]>(EARNINGS_HISTORY_PATH),
    // Like the earnings figure beside it (spec §2: a market agent's earnings every 5 s).
    refetchInterval: pollEvery(5000),
  });

export const useEarningsHistory = () => useQuery(earningsHistoryQueryOptions());
