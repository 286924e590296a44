// POST /api/suppliers/{id}/approve and /reject (empty body).
import { useMutation } from '@tanstack/react-query';
import type { SupplierWithCrates } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';
import { SUPPLIERS_PATH } from './paths.ts';

export type SupplierDecision = 'approve' | 'reject';

export const setSupplierStatus = ({ id, decision }: { id: number; decision: SupplierDecision }) =>
  api.post<SupplierWithCrates>(`${SUPPLIERS_PATH}/${id}/${decision}`);

export function useSetSupplierStatus() {
  return useMutation({
    mutationFn: setSupplierStatus,
  });
}
