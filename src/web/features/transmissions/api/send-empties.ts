// POST /api/transmissions {type: market_to_farm}: a market agent sends empty crates back to the farm
// store. Sent with a key made on the phone, or kept on the phone until the connection is back
// (decision 036); the farm store's own sends go through create-transmission.ts.
import { useMutation } from '@tanstack/react-query';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { sendOrQueue } from '../../../lib/offline/send-or-queue.ts';
import { TRANSMISSIONS_PATH } from './paths.ts';

export const sendEmpties = ({ quantity, notes }: { quantity: number; notes?: string }) =>
  sendOrQueue<Transmission>(
    // i18n-ignore: stored with the change; the waiting list says it by its kind (offline.whatSendEmpties)
    { kind: 'send-empties', what: 'Send empty crates', who: 'the farm store', crates: quantity }, // i18n-ignore
    { method: 'POST', path: TRANSMISSIONS_PATH, body: { type: 'market_to_farm', quantity, notes } },
  );

export function useSendEmpties() {
  return useMutation({
    mutationFn: sendEmpties,
    networkMode: 'always',
  });
}
