// PUT /api/transmissions/{id}/recall: the sender takes back a still-pending transmission; its crates
// go back where they came from (docs/decisions/012).
import { useMutation } from '@tanstack/react-query';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { TRANSMISSIONS_PATH } from './paths.ts';

export const recallTransmission = (id: number) => api.put<Transmission>(`${TRANSMISSIONS_PATH}/${id}/recall`);

export function useRecallTransmission() {
  return useMutation({
    mutationFn: recallTransmission,
  });
}
