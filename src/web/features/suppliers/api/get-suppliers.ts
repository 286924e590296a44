// GET /api/suppliers/pending (the farm store's approval card, every 10 s) and /rejected (the same
// card's rejected suppliers, to approve after all).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupplierWithCrates } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';
import { pollEvery } from '../../../lib/polling.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { PENDING_SUPPLIERS_PATH, PENDING_SUPPLIERS_POLL_MS, REJECTED_SUPPLIERS_PATH } from './paths.ts';

export const pendingSuppliersQueryOptions = () =>
  queryOptions({
    queryKey: [PENDING_SUPPLIERS_PATH],
    queryFn: () => api.get<SupplierWithCrates[]>(PENDING_SUPPLIERS_PATH),
    meta: tagged('suppliers'),
  });

export const usePendingSuppliers = () =>
  useQuery({ ...pendingSuppliersQueryOptions(), refetchInterval: pollEvery(PENDING_SUPPLIERS_POLL_MS) });

export const rejectedSuppliersQueryOptions = () =>
  queryOptions({
    queryKey: [REJECTED_SUPPLIERS_PATH],
    queryFn: () => api.get<SupplierWithCrates[]>(REJECTED_SUPPLIERS_PATH),
    meta: tagged('suppliers'),
  });

export const useRejectedSuppliers = () => useQuery(rejectedSuppliersQueryOptions());
