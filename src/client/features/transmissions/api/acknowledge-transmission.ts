// PUT /api/transmissions/{id}/acknowledge with the counted quantity; earnings refetch 100 ms later
// (spec §4), once billing has booked the return.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { TRANSMISSION_CHANGES, TRANSMISSIONS_PATH } from './paths.ts';

export const EARNINGS_REFETCH_DELAY_MS = 100;

export const acknowledgeTransmission = ({ id, actualQuantity }: { id: number; actualQuantity: number }) =>
  api.put<Transmission>(`${TRANSMISSIONS_PATH}/${id}/acknowledge`, { actualQuantity });

export function useAcknowledgeTransmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeTransmission,
    onSuccess: () => {
      void invalidateTags(queryClient, TRANSMISSION_CHANGES);
      setTimeout(() => void invalidateTags(queryClient, ['billing']), EARNINGS_REFETCH_DELAY_MS);
    },
  });
}
