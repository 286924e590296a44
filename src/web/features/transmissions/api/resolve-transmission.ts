// PUT /api/transmissions/{id}/resolve: the farm store closes a flagged difference with a note,
// accepting the loss or booking crates that turned up after all.
import { useMutation } from '@tanstack/react-query';
import type { ResolveTransmissionBody, Transmission } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { TRANSMISSIONS_PATH } from './paths.ts';

export const resolveTransmission = ({ id, ...body }: ResolveTransmissionBody & { id: number }) =>
  api.put<Transmission>(`${TRANSMISSIONS_PATH}/${id}/resolve`, body);

export function useResolveTransmission() {
  return useMutation({
    mutationFn: resolveTransmission,
  });
}
