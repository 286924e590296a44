// The dashboards' recent transmissions (spec §9: 5 shown), polled per role (spec §2).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transmission } from '../../../../shared/transmissions.ts';
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
