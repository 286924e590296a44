// Where every crate is and 12 weeks of flow, polled every 2 s (spec §2: farm metrics).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FarmMetrics } from '../../../../shared/agents.ts';
import { api } from '../../../lib/api-client.ts';
import { pollEvery } from '../../../lib/polling.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const FARM_METRICS_PATH = '/api/dashboard/farm-metrics';
export const FARM_METRICS_POLL_MS = 2000;

export const farmMetricsQueryOptions = () =>
  queryOptions({
    queryKey: [FARM_METRICS_PATH],
    queryFn: () => api.get<FarmMetrics>(FARM_METRICS_PATH),
    refetchInterval: pollEvery(FARM_METRICS_POLL_MS),
    // Where the crates are, and the weekly flow of transmissions.
    meta: tagged('crates', 'transmissions'),
  });

export const useFarmMetrics = () => useQuery(farmMetricsQueryOptions());
