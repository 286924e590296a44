// The farm store's own record: crates in stock, open flagged differences, pending receipts (farm stock
// settings, and the crate request confirmation's "farm stock after").
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FarmStoreMe } from '../../../shared/transmissions.ts';
import { api } from '../api-client.ts';
import { tagged } from '../query-tags.ts';

export const FARM_STORE_ME_PATH = '/api/farm-store/me';

export const farmStoreMeQueryOptions = () =>
  queryOptions({
    queryKey: [FARM_STORE_ME_PATH],
    queryFn: () => api.get<FarmStoreMe>(FARM_STORE_ME_PATH),
    // Stock, open flagged differences and pending receipts.
    meta: tagged('crates', 'transmissions'),
  });

export const useFarmStoreMe = () => useQuery(farmStoreMeQueryOptions());
