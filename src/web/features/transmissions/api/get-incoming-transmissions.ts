// 'Incoming Transmissions - Action Required': every pending transmission addressed to the signed-in
// user (not a window of recent ones), polled per role like the other transmission lists.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '../../../../shared/fields-labels.ts';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { pollEvery } from '../../../lib/polling.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { INCOMING_TRANSMISSIONS_PATH, transmissionsPollMs } from './paths.ts';

export const incomingTransmissionsQueryOptions = () =>
  queryOptions({
    queryKey: [`${INCOMING_TRANSMISSIONS_PATH}?limit=${MAX_PAGE_SIZE}`],
    meta: tagged('transmissions'),
    queryFn: () => api.get<Transmission[]>(`${INCOMING_TRANSMISSIONS_PATH}?limit=${MAX_PAGE_SIZE}`),
  });

export const useIncomingTransmissions = (role: string) =>
  useQuery({ ...incomingTransmissionsQueryOptions(), refetchInterval: pollEvery(transmissionsPollMs(role)) });
