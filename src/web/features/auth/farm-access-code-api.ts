// The farm access code in the farm store's settings (decision 043): read it, and replace a generated one.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FarmAccessCode } from '../../../shared/auth.ts';
import { api } from '../../lib/api-client.ts';
import { tagged } from '../../lib/query-tags.ts';

export const FARM_ACCESS_CODE_PATH = '/api/farm-store/access-code';

export const farmAccessCodeQueryOptions = () =>
  queryOptions({
    queryKey: [FARM_ACCESS_CODE_PATH],
    queryFn: () => api.get<FarmAccessCode>(FARM_ACCESS_CODE_PATH),
    // Another farm store user may replace it: their change event says 'users'.
    meta: tagged('users'),
  });

export const useFarmAccessCode = () => useQuery(farmAccessCodeQueryOptions());

export function useRotateFarmAccessCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<FarmAccessCode>(`${FARM_ACCESS_CODE_PATH}/rotate`),
    onSuccess: (code) => {
      queryClient.setQueryData(farmAccessCodeQueryOptions().queryKey, code);
    },
  });
}
