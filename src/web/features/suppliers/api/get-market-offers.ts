// GET /api/produce-offers: approved suppliers' active offers, for the farm store to tender on.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketOffer } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { MARKET_OFFERS_PATH } from './paths.ts';

export const marketOffersQueryOptions = () =>
  queryOptions({
    queryKey: [MARKET_OFFERS_PATH],
    queryFn: () => api.get<MarketOffer[]>(MARKET_OFFERS_PATH),
    meta: tagged('suppliers'),
  });

export const useMarketOffers = () => useQuery(marketOffersQueryOptions());
