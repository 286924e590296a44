// Transmission History: newest first, a page at a time (?limit=&before=), polled per role.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { pollEvery } from '../../../lib/polling.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { TRANSMISSIONS_PATH, transmissionsPollMs } from './paths.ts';

export const HISTORY_PAGE_SIZE = 20;

export const getTransmissions = (before?: number) =>
  api.get<Transmission[]>(
    `${TRANSMISSIONS_PATH}?limit=${HISTORY_PAGE_SIZE}${before === undefined ? '' : `&before=${before}`}`,
  );

export const transmissionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [TRANSMISSIONS_PATH],
    meta: tagged('transmissions'),
    queryFn: ({ pageParam }) => getTransmissions(pageParam),
    initialPageParam: undefined as number | undefined,
    // A full page may have more behind it; the next page starts below its last (oldest) id.
    getNextPageParam: (last) => (last.length < HISTORY_PAGE_SIZE ? undefined : last[last.length - 1]?.id),
  });

export const useTransmissions = (role: string) =>
  useInfiniteQuery({ ...transmissionsQueryOptions(), refetchInterval: pollEvery(transmissionsPollMs(role)) });
