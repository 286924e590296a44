// A market agent's earnings (a decimal string in rand), polled every 5 s (spec §2).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Earnings } from '../../../../shared/agents.ts';
import { api } from '../../../lib/api-client.ts';
import { pollEvery } from '../../../lib/polling.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const EARNINGS_PATH = '/api/market-agents/earnings';

export const earningsQueryOptions = () =>
  queryOptions({
    queryKey: [EARNINGS_PATH],
    meta: tagged('billing'),
    queryFn: () => api.get<Earnings>(EARNINGS_PATH),
    refetchInterval: pollEvery(5000),
  });

export const useEarnings = () => useQuery(earningsQueryOptions());
