// POST /api/suppliers/offers (a new offer) and PATCH /api/suppliers/offers/{id} (edit, deactivate).
import { useMutation } from '@tanstack/react-query';
import type { CreateOfferInput, ProduceOffer, UpdateOfferInput } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';
import { MY_OFFERS_PATH } from './paths.ts';

export const createOffer = (body: CreateOfferInput) => api.post<ProduceOffer>(MY_OFFERS_PATH, body);
export const updateOffer = ({ id, ...body }: UpdateOfferInput & { id: number }) =>
  api.patch<ProduceOffer>(`${MY_OFFERS_PATH}/${id}`, body);

export function useCreateOffer() {
  return useMutation({
    mutationFn: createOffer,
  });
}

export function useUpdateOffer() {
  return useMutation({
    mutationFn: updateOffer,
  });
}
