// /api/stock-takes (decision 051): the agent's current count, the farm store's counts, and the changes.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentStockTake, StockTakeCount, SubmitCountBody } from '../../../../shared/stock-takes.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags, tagged } from '../../../lib/query-tags.ts';

export const CURRENT_STOCK_TAKE_PATH = '/api/stock-takes/current';
export const STOCK_TAKE_COUNTS_PATH = '/api/stock-takes/counts';

export const currentStockTakeQueryOptions = () =>
  queryOptions({
    queryKey: [CURRENT_STOCK_TAKE_PATH],
    queryFn: () => api.get<CurrentStockTake>(CURRENT_STOCK_TAKE_PATH),
    meta: tagged('crates', 'clients'),
  });

/** `enabled`: false for a user with no count of their own to send (only market agents count). */
export const useCurrentStockTake = (enabled = true) => useQuery({ ...currentStockTakeQueryOptions(), enabled });

export const stockTakeCountsQueryOptions = () =>
  queryOptions({
    queryKey: [STOCK_TAKE_COUNTS_PATH, 'open'],
    queryFn: () => api.get<StockTakeCount[]>(`${STOCK_TAKE_COUNTS_PATH}?state=open`),
    meta: tagged('crates'),
  });

export const useStockTakeCounts = () => useQuery(stockTakeCountsQueryOptions());

function useStockTakeChange<Input>(send: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Only what the answer does not announce ('crates' it does): 'clients' (decision 072).
    onSuccess: () => void invalidateTags(queryClient, ['clients']),
  });
}

/** No ids (or none picked): every active agent (decision 051); else those agents only (054). */
export const useStartStockTake = () =>
  useStockTakeChange((marketAgentIds?: number[]) =>
    api.post<StockTakeCount[]>('/api/stock-takes', marketAgentIds?.length ? { marketAgentIds } : {}),
  );

export const useSubmitCount = () =>
  useStockTakeChange(({ id, body }: { id: number; body: SubmitCountBody }) =>
    api.put<StockTakeCount>(`${STOCK_TAKE_COUNTS_PATH}/${id}/submit`, body),
  );

export const useResolveLine = () =>
  useStockTakeChange(({ id, action, note }: { id: number; action: 'accept' | 'recount'; note?: string }) =>
    api.put<StockTakeCount>(`/api/stock-takes/lines/${id}/resolve`, { action, note }),
  );
