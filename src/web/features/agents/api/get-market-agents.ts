// Every market agent with its crate counts, stock level and return rate (farm store only).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketAgent } from '../../../../shared/agents.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const MARKET_AGENTS_PATH = '/api/market-agents';

export const marketAgentsQueryOptions = () =>
  queryOptions({
    queryKey: [MARKET_AGENTS_PATH],
    queryFn: () => api.get<MarketAgent[]>(MARKET_AGENTS_PATH),
    // Crate counts, the agents themselves, and the return rate of the current billing cycle.
    meta: tagged('crates', 'users', 'billing'),
  });

export const useMarketAgents = () => useQuery(marketAgentsQueryOptions());
