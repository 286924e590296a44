// The farm's stock history (adjustments and agents' opening balances) and the two ways to add to it.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { OpeningBalanceBody, StockAdjustmentBody, StockEntry } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { pollEvery } from '../../../lib/polling.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const STOCK_ADJUSTMENTS_PATH = '/api/farm-store/stock-adjustments';
export const OPENING_BALANCES_PATH = '/api/farm-store/opening-balances';
const historyPath = `${STOCK_ADJUSTMENTS_PATH}?limit=50`;

export const stockEntriesQueryOptions = () =>
  queryOptions({
    queryKey: [historyPath],
    queryFn: () => api.get<StockEntry[]>(historyPath),
    refetchInterval: pollEvery(10_000),
    meta: tagged('crates'),
  });

export const useStockEntries = () => useQuery(stockEntriesQueryOptions());

export function useAdjustStock() {
  return useMutation({
    mutationFn: (body: StockAdjustmentBody) => api.post<{ stock: number }>(STOCK_ADJUSTMENTS_PATH, body),
  });
}

export function useEnterOpeningBalance() {
  return useMutation({
    mutationFn: (body: OpeningBalanceBody) => api.post(OPENING_BALANCES_PATH, body),
  });
}
