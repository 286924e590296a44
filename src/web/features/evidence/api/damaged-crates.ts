// GET /api/evidence/damaged-crates (decision 056): an agent's damaged-crate entries, newest first, a
// page at a time. Read when the farm store opens an agent's list, never with the Market Agents list.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { DAMAGED_CRATES_PAGE, type DamagedCratesPage } from '../../../../shared/evidence.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const DAMAGED_CRATES_PATH = '/api/evidence/damaged-crates';

export const damagedCratesQueryOptions = (marketAgentId: number) =>
  infiniteQueryOptions({
    queryKey: [DAMAGED_CRATES_PATH, marketAgentId],
    queryFn: ({ pageParam }) =>
      api.get<DamagedCratesPage>(
        `${DAMAGED_CRATES_PATH}?marketAgentId=${marketAgentId}&limit=${DAMAGED_CRATES_PAGE}${pageParam === undefined ? '' : `&before=${pageParam}`}`,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    // Damaged crates are booked with a return or a count: crate changes, like their photos.
    meta: tagged('crates'),
  });

export const useDamagedCrates = (marketAgentId: number, enabled: boolean) =>
  useInfiniteQuery({ ...damagedCratesQueryOptions(marketAgentId), enabled });
