// PUT /api/transmissions/{id}/resolve: the farm store closes a flagged difference with a note,
// accepting the loss or booking crates that turned up after all.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResolveTransmissionBody, Transmission } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { TRANSMISSION_CHANGES, TRANSMISSIONS_PATH } from './paths.ts';

export const resolveTransmission = ({ id, ...body }: ResolveTransmissionBody & { id: number }) =>
  api.put<Transmission>(`${TRANSMISSIONS_PATH}/${id}/resolve`, body);

export function useResolveTransmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveTransmission,
    onSuccess: () => void invalidateTags(queryClient, TRANSMISSION_CHANGES),
  });
}
