// The signed-in supplier's own record.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Supplier } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';

export const MY_SUPPLIER_PATH = '/api/suppliers/me';

export const mySupplierQueryOptions = () =>
  queryOptions({ queryKey: [MY_SUPPLIER_PATH], queryFn: () => api.get<Supplier>(MY_SUPPLIER_PATH) });

export const useMySupplier = () => useQuery(mySupplierQueryOptions());
