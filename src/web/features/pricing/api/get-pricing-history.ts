// GET /api/pepper-pricing/history?months=: every variety's price points for a range (public).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryPoint } from '../../../../shared/pricing.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const PRICING_HISTORY_PATH = '/api/pepper-pricing/history';

export const pricingHistoryPath = (months: number, variety?: string) => {
  const query = new URLSearchParams({ months: String(months) });
  if (variety) query.set('variety', variety);
  return `${PRICING_HISTORY_PATH}?${query}`;
};

export const getPricingHistory = (months: number) => api.get<HistoryPoint[]>(pricingHistoryPath(months));

export const pricingHistoryQueryOptions = (months: number) =>
  queryOptions({
    queryKey: [pricingHistoryPath(months)],
    queryFn: () => getPricingHistory(months),
    meta: tagged('pricing'),
  });

export const usePricingHistory = (months: number) => useQuery(pricingHistoryQueryOptions(months));
