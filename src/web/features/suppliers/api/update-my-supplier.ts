// PATCH /api/suppliers/me: the settings tab's profile and bank details.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupplierWithCrates, UpdateSupplierInput } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { MY_SUPPLIER_PATH } from './get-my-supplier.ts';
import { SUPPLIER_CHANGES } from './paths.ts';

export const updateMySupplier = (body: UpdateSupplierInput) => api.patch<SupplierWithCrates>(MY_SUPPLIER_PATH, body);

export function useUpdateMySupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMySupplier,
    onSuccess: () => void invalidateTags(queryClient, SUPPLIER_CHANGES),
  });
}
