// The dashboards' recent transmissions (spec §9: 5 shown), polled per role (spec §2).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { DASHBOARD_RECENT_TRANSMISSIONS } from '../../../../shared/transmissions-labels.ts';
import { api } from '../../../lib/api-client.ts';
import { pollEvery } from '../../../lib/polling.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { RECENT_TRANSMISSIONS_PATH, transmissionsPollMs } from './paths.ts';

export const recentTransmissionsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: [`${RECENT_TRANSMISSIONS_PATH}?limit=${limit}`],
    meta: tagged('transmissions'),
    queryFn: () => api.get<Transmission[]>(`${RECENT_TRANSMISSIONS_PATH}?limit=${limit}`),
  });

export const useRecentTransmissions = (limit: number, role: string) =>
  useQuery({ ...recentTransmissionsQueryOptions(limit), refetchInterval: pollEvery(transmissionsPollMs(role)) });

/** What a dashboard's Recent Transmissions card reads: prefetched with the tab's other reads. */
export const dashboardRecentQueryOptions = () => recentTransmissionsQueryOptions(DASHBOARD_RECENT_TRANSMISSIONS);

/** The same read, polled for `role`: a dashboard tab waits for its first answer (decision 031). */
export const useDashboardRecent = (role: string) => useRecentTransmissions(DASHBOARD_RECENT_TRANSMISSIONS, role);
