// PATCH /api/suppliers/me: the settings tab's profile and bank details.
import { useMutation } from '@tanstack/react-query';
import type { SupplierWithCrates, UpdateSupplierInput } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';
import { MY_SUPPLIER_PATH } from './get-my-supplier.ts';

export const updateMySupplier = (body: UpdateSupplierInput) => api.patch<SupplierWithCrates>(MY_SUPPLIER_PATH, body);

export function useUpdateMySupplier() {
  return useMutation({
    mutationFn: updateMySupplier,
  });
}
