// GET /api/produce-lists and PUT /api/farm-store/produce-lists (decision 068): the produce types and
// qualities the offer form chooses from, kept by the farm store in Settings.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProduceLists } from '../../../../shared/produce-lists.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const PRODUCE_LISTS_PATH = '/api/produce-lists';

export const produceListsQueryOptions = () =>
  queryOptions({
    queryKey: [PRODUCE_LISTS_PATH],
    queryFn: () => api.get<ProduceLists>(PRODUCE_LISTS_PATH),
    // A save says 'suppliers'; the lists rarely change: no poll.
    meta: tagged('suppliers'),
    refetchInterval: false,
    staleTime: 60_000,
  });

export const useProduceLists = () => useQuery(produceListsQueryOptions());

export function useSaveProduceLists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lists: ProduceLists) => api.put<ProduceLists>('/api/farm-store/produce-lists', lists),
    onSuccess: (saved) => {
      queryClient.setQueryData(produceListsQueryOptions().queryKey, saved);
    },
  });
}
