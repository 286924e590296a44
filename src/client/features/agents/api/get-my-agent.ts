// The signed-in market agent's own record and crate counts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketAgent } from '../../../../shared/agents.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const MY_AGENT_PATH = '/api/market-agents/me';

export const myAgentQueryOptions = () =>
  queryOptions({
    queryKey: [MY_AGENT_PATH],
    meta: tagged('crates'),
    queryFn: () => api.get<MarketAgent>(MY_AGENT_PATH),
  });

export const useMyAgent = () => useQuery(myAgentQueryOptions());
