// The farm's insights (decision 070): the weekly holdings and next week's forecast. Asked only once the
// dashboard's first figures are in (the section mounts after them); live updates keep them true.
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AgentInsightsResponse,
  type ForecastResponse,
  type HoldingsResponse,
  INSIGHT_WEEKS,
} from '../../../../shared/insights.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const HOLDINGS_PATH = `/api/insights/holdings?weeks=${INSIGHT_WEEKS}`;
export const FORECAST_PATH = '/api/insights/forecast';

export const holdingsQueryOptions = () =>
  queryOptions({
    queryKey: [HOLDINGS_PATH],
    queryFn: () => api.get<HoldingsResponse>(HOLDINGS_PATH),
    // Weekly figures: no polling; the change events refresh them.
    refetchInterval: false,
    meta: tagged('crates', 'transmissions', 'clients'),
  });

export const forecastQueryOptions = () =>
  queryOptions({
    queryKey: [FORECAST_PATH],
    queryFn: () => api.get<ForecastResponse>(FORECAST_PATH),
    refetchInterval: false,
    meta: tagged('crates', 'transmissions', 'users'),
  });

export const useHoldings = () => useQuery(holdingsQueryOptions());
export const useForecast = () => useQuery(forecastQueryOptions());

export const AGENT_INSIGHTS_PATH = `/api/insights/agents?weeks=${INSIGHT_WEEKS}`;

export const agentInsightsQueryOptions = () =>
  queryOptions({
    queryKey: [AGENT_INSIGHTS_PATH],
    queryFn: () => api.get<AgentInsightsResponse>(AGENT_INSIGHTS_PATH),
    refetchInterval: false,
    meta: tagged('crates', 'transmissions', 'clients', 'users'),
  });

export const useAgentInsights = () => useQuery(agentInsightsQueryOptions());
