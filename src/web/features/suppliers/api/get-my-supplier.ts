// The signed-in supplier's own record.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupplierWithCrates as Supplier } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const MY_SUPPLIER_PATH = '/api/suppliers/me';

export const mySupplierQueryOptions = () =>
  queryOptions({
    queryKey: [MY_SUPPLIER_PATH],
    queryFn: () => api.get<Supplier>(MY_SUPPLIER_PATH),
    meta: tagged('suppliers'),
  });

export const useMySupplier = () => useQuery(mySupplierQueryOptions());
