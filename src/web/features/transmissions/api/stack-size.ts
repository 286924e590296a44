// The farm's usual stack size (decision 073): GET and PUT /api/farm-store/stack-size, for Settings.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UsualStackSize } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

const STACK_SIZE_PATH = '/api/farm-store/stack-size';

const stackSizeQueryOptions = () =>
  queryOptions({
    queryKey: [STACK_SIZE_PATH],
    queryFn: () => api.get<UsualStackSize>(STACK_SIZE_PATH),
    // A change says 'transmissions'; the size rarely changes: no poll.
    meta: tagged('transmissions'),
    refetchInterval: false,
  });

export const useUsualStackSize = () => useQuery(stackSizeQueryOptions());

export function useSaveUsualStackSize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stackSize: number | null) => api.put<UsualStackSize>(STACK_SIZE_PATH, { stackSize }),
    onSuccess: (saved) => queryClient.setQueryData(stackSizeQueryOptions().queryKey, saved),
  });
}
