// The signed-in market agent's own record and crate counts: the dashboard, the return form and the
// clients' lend limit all read it, so it lives here rather than in one feature.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketAgent } from '../../../shared/agents.ts';
import { api } from '../api-client.ts';
import { tagged } from '../query-tags.ts';

export const MY_AGENT_PATH = '/api/market-agents/me';

export const myAgentQueryOptions = () =>
  queryOptions({
    queryKey: [MY_AGENT_PATH],
    queryFn: () => api.get<MarketAgent>(MY_AGENT_PATH),
    meta: tagged('crates', 'users'),
  });

export const useMyAgent = () => useQuery(myAgentQueryOptions());
