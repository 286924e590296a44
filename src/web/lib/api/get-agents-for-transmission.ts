// The farm store's market agent picker (send crates, transmissions, opening balances).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentForTransmission } from '../../../shared/agents.ts';
import { api } from '../api-client.ts';
import { pollEvery } from '../polling.ts';
import { tagged } from '../query-tags.ts';

export const AGENTS_FOR_TRANSMISSION_PATH = '/api/market-agents/for-transmission';

export const agentsForTransmissionQueryOptions = () =>
  queryOptions({
    queryKey: [AGENTS_FOR_TRANSMISSION_PATH],
    queryFn: () => api.get<AgentForTransmission[]>(AGENTS_FOR_TRANSMISSION_PATH),
    // The list of agents changes rarely; no need to poll it every 3 s.
    refetchInterval: pollEvery(30_000),
    meta: tagged('users'),
  });

export const useAgentsForTransmission = () => useQuery(agentsForTransmissionQueryOptions());

export const agentOptionLabel = (a: AgentForTransmission) =>
  `${a.agentName} (${a.agentNumber})${a.businessName ? ` · ${a.businessName}` : ''}`;
