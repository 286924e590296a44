// GET /api/suppliers/offers: the supplier's own produce offers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProduceOffer } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { MY_OFFERS_PATH } from './paths.ts';

export const myOffersQueryOptions = () =>
  queryOptions({
    queryKey: [MY_OFFERS_PATH],
    queryFn: () => api.get<ProduceOffer[]>(MY_OFFERS_PATH),
    meta: tagged('suppliers'),
  });

export const useMyOffers = () => useQuery(myOffersQueryOptions());
