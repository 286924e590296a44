// PUT /api/transmissions/{id}/acknowledge with the counted quantity; earnings refetch 100 ms later
// (spec §4), once billing has booked the return. Sent with a key made on the phone, or kept on the
// phone until the connection is back (decision 036).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { sendOrQueue } from '../../../lib/offline/send-or-queue.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { TRANSMISSIONS_PATH } from './paths.ts';

export const EARNINGS_REFETCH_DELAY_MS = 100;

export type AcknowledgeInput = {
  id: number;
  actualQuantity: number /** Who sent it, for the waiting list. */;
  from: string;
  /** Of the crates counted, those damaged and why (returned empties only; decision 051). */
  damagedQuantity?: number;
  damageReason?: string;
  /** The stacks the phone scanned (decision 073): the server checks them and flags those missing. */
  scannedStacks?: number[];
};

export const acknowledgeTransmission = ({
  id,
  actualQuantity,
  from,
  damagedQuantity,
  damageReason,
  scannedStacks,
}: AcknowledgeInput) =>
  sendOrQueue<Transmission>(
    {
      kind: 'acknowledge',
      what: 'Acknowledge delivery', // i18n-ignore: stored with the change; the list says offline.whatAcknowledge
      who: from,
      crates: actualQuantity,
      subject: { transmissionId: id },
    },
    {
      method: 'PUT',
      path: `${TRANSMISSIONS_PATH}/${id}/acknowledge`,
      body: {
        actualQuantity,
        ...(damagedQuantity ? { damagedQuantity, damageReason } : {}),
        ...(scannedStacks ? { scannedStacks } : {}),
      },
    },
  );

export function useAcknowledgeTransmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeTransmission,
    // Offline too: the change is kept on the phone instead of the button spinning until the network is back.
    networkMode: 'always',
    onSuccess: (sent) => {
      if (sent.queued) return;
      setTimeout(() => void invalidateTags(queryClient, ['billing']), EARNINGS_REFETCH_DELAY_MS);
    },
  });
}
