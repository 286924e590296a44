// GET /api/public/farm-metrics: crates in circulation and at the markets, for the public home tab.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicFarmMetrics } from '../../../../shared/agents.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const PUBLIC_FARM_METRICS_PATH = '/api/public/farm-metrics';

export const getPublicFarmMetrics = () => api.get<PublicFarmMetrics>(PUBLIC_FARM_METRICS_PATH);

export const publicFarmMetricsQueryOptions = () =>
  queryOptions({ queryKey: [PUBLIC_FARM_METRICS_PATH], queryFn: getPublicFarmMetrics, meta: tagged('crates') });

export const usePublicFarmMetrics = () => useQuery(publicFarmMetricsQueryOptions());
