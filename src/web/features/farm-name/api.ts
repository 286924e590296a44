// The farm's one name (decision 067): read by the public site and the farm store's Settings, set there.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_FARM_NAME, type FarmName } from '../../../shared/farm-name.ts';
import { api } from '../../lib/api-client.ts';
import { tagged } from '../../lib/query-tags.ts';

export const FARM_NAME_PATH = '/api/public/farm-name';

export const farmNameQueryOptions = () =>
  queryOptions({
    queryKey: [FARM_NAME_PATH],
    queryFn: () => api.get<FarmName>(FARM_NAME_PATH),
    // A change says 'users' (as the farm access code does); the name rarely changes: no poll.
    meta: tagged('users'),
    refetchInterval: false,
    staleTime: 60_000,
  });

export const useFarmName = () => useQuery(farmNameQueryOptions());

/** The name to show now: the farm's, or until it answers the name the site always showed. */
export const useShownFarmName = () => useFarmName().data?.name ?? DEFAULT_FARM_NAME;

export function useSaveFarmName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.put<FarmName>('/api/farm-store/farm-name', { name }),
    onSuccess: (saved) => {
      queryClient.setQueryData(farmNameQueryOptions().queryKey, saved);
    },
  });
}
