// PUT /api/transmissions/{id}/recall: the sender takes back a still-pending transmission; its crates
// go back where they came from (docs/decisions/012).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { TRANSMISSION_CHANGES, TRANSMISSIONS_PATH } from './paths.ts';

export const recallTransmission = (id: number) => api.put<Transmission>(`${TRANSMISSIONS_PATH}/${id}/recall`);

export function useRecallTransmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recallTransmission,
    onSuccess: () => void invalidateTags(queryClient, TRANSMISSION_CHANGES),
  });
}
