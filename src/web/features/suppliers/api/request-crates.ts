// A supplier's crate request: POST /api/transmissions {type: 'supplier_to_farm', quantity, notes}
// (DESIGN §7: addressed to the farm store role).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { CRATE_REQUEST_EXTRA, TRANSMISSIONS_PATH } from './paths.ts';

export const requestCrates = (body: { quantity: number; notes?: string }) =>
  api.post<Transmission>(TRANSMISSIONS_PATH, { type: 'supplier_to_farm', ...body });

export function useRequestCrates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestCrates,
    onSuccess: () => void invalidateTags(queryClient, CRATE_REQUEST_EXTRA),
  });
}
