// The farm store's own record: crates in stock, open flagged differences, pending receipts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FarmStoreMe } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const FARM_STORE_ME_PATH = '/api/farm-store/me';

export const farmStoreMeQueryOptions = () =>
  queryOptions({
    queryKey: [FARM_STORE_ME_PATH],
    meta: tagged('crates', 'transmissions'),
    queryFn: () => api.get<FarmStoreMe>(FARM_STORE_ME_PATH),
  });

export const useFarmStoreMe = () => useQuery(farmStoreMeQueryOptions());
