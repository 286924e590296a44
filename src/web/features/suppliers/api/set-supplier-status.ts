// POST /api/suppliers/{id}/approve and /reject (empty body).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupplierWithCrates } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { SUPPLIER_CHANGES, SUPPLIERS_PATH } from './paths.ts';

export type SupplierDecision = 'approve' | 'reject';

export const setSupplierStatus = ({ id, decision }: { id: number; decision: SupplierDecision }) =>
  api.post<SupplierWithCrates>(`${SUPPLIERS_PATH}/${id}/${decision}`);

export function useSetSupplierStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSupplierStatus,
    onSuccess: () => void invalidateTags(queryClient, [...SUPPLIER_CHANGES, 'users']),
  });
}
