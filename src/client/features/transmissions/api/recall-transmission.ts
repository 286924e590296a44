// PUT /api/transmissions/{id}/recall: the sender takes back a still-pending transmission; its crates
// go back where they came from (docs/decisions/012).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../../shared/auth.ts';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { TRANSMISSION_CHANGES, TRANSMISSIONS_PATH } from './paths.ts';

export const recallTransmission = (id: number) => api.put<Transmission>(`${TRANSMISSIONS_PATH}/${id}/recall`);

/**
 * Whether this user may recall it: still pending, and sent by them (for a farm store user: sent by
 * the farm, i.e. a delivery or a collection, which name their agent as recipient).
 */
export function mayRecall(
  user: { id: number; role: Role },
  t: Pick<Transmission, 'status' | 'type' | 'fromUserId' | 'toUserId'>,
): boolean {
  if (t.status !== 'pending') return false;
  if (user.role === 'farm_store') return t.type !== 'supplier_to_farm' && t.toUserId !== null;
  return t.fromUserId === user.id;
}

export function useRecallTransmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recallTransmission,
    onSuccess: () => void invalidateTags(queryClient, TRANSMISSION_CHANGES),
  });
}
