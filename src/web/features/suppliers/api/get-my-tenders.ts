// GET /api/suppliers/tenders: the farm's tenders on the supplier's offers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tender } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { MY_TENDERS_PATH } from './paths.ts';

export const myTendersQueryOptions = () =>
  queryOptions({
    queryKey: [MY_TENDERS_PATH],
    queryFn: () => api.get<Tender[]>(MY_TENDERS_PATH),
    meta: tagged('suppliers'),
  });

export const useMyTenders = () => useQuery(myTendersQueryOptions());
