// POST /api/transmissions: the farm store sends or collects; a market agent returns empties.
import { useMutation } from '@tanstack/react-query';
import type { CreateTransmissionInput, Transmission } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { TRANSMISSIONS_PATH } from './paths.ts';

export const createTransmission = (body: CreateTransmissionInput) => api.post<Transmission>(TRANSMISSIONS_PATH, body);

export function useCreateTransmission() {
  return useMutation({
    mutationFn: createTransmission,
  });
}
