// POST /api/transmissions: the farm store sends or collects; a market agent returns empties.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTransmissionInput, Transmission } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { TRANSMISSION_CHANGES, TRANSMISSIONS_PATH } from './paths.ts';

export const createTransmission = (body: CreateTransmissionInput) => api.post<Transmission>(TRANSMISSIONS_PATH, body);

export function useCreateTransmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransmission,
    onSuccess: () => void invalidateTags(queryClient, TRANSMISSION_CHANGES),
  });
}
