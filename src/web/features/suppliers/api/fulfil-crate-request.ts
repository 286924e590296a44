// The farm store fulfils a supplier's crate request by acknowledging it: PUT
// /api/transmissions/{id}/acknowledge with the crates issued (the ledger moves them farm → supplier).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { CRATE_REQUEST_CHANGES, TRANSMISSIONS_PATH } from './paths.ts';

export const fulfilCrateRequest = ({ id, quantity }: { id: number; quantity: number }) =>
  api.put<Transmission>(`${TRANSMISSIONS_PATH}/${id}/acknowledge`, { actualQuantity: quantity });

export function useFulfilCrateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fulfilCrateRequest,
    // A refusal changes nothing and announces nothing: the list may be out of date.
    onError: () => void invalidateTags(queryClient, CRATE_REQUEST_CHANGES),
  });
}
