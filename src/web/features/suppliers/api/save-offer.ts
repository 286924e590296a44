// POST /api/suppliers/offers (a new offer) and PATCH /api/suppliers/offers/{id} (edit, deactivate).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOfferInput, ProduceOffer, UpdateOfferInput } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { MY_OFFERS_PATH, SUPPLIER_CHANGES } from './paths.ts';

export const createOffer = (body: CreateOfferInput) => api.post<ProduceOffer>(MY_OFFERS_PATH, body);
export const updateOffer = ({ id, ...body }: UpdateOfferInput & { id: number }) =>
  api.patch<ProduceOffer>(`${MY_OFFERS_PATH}/${id}`, body);

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    onSuccess: () => void invalidateTags(queryClient, SUPPLIER_CHANGES),
  });
}

export function useUpdateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOffer,
    onSuccess: () => void invalidateTags(queryClient, SUPPLIER_CHANGES),
  });
}
