// GET /api/stock-takes/agents/{id}: one agent's stock takes and loss rate, for its card on the Market
// Agents screen (decision 054). Read when the farm store opens it, not with the list (a hot read).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentStockTakeHistory } from '../../../../shared/stock-takes.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const AGENT_STOCK_TAKES_PATH = '/api/stock-takes/agents';

export const agentStockTakeHistoryQueryOptions = (marketAgentId: number) =>
  queryOptions({
    queryKey: [AGENT_STOCK_TAKES_PATH, marketAgentId],
    queryFn: () => api.get<AgentStockTakeHistory>(`${AGENT_STOCK_TAKES_PATH}/${marketAgentId}`),
    // Stock takes and their resolutions are crate changes; a client's write-off is a clients one too.
    meta: tagged('crates', 'clients'),
  });

export const useAgentStockTakeHistory = (marketAgentId: number, enabled: boolean) =>
  useQuery({ ...agentStockTakeHistoryQueryOptions(marketAgentId), enabled });
