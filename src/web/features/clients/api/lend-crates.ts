// POST /api/client-transactions: lend full crates to a client (clientId, quantityBorrowed, notes). Sent
// with a key made on the phone, or kept on the phone until the connection is back (decision 036); a
// lend to a client added offline waits for that client's id (`clientFrom`, the add's waiting change).
import { useMutation } from '@tanstack/react-query';
import type { ClientTransaction, LendBody } from '../../../../shared/clients.ts';
import { t } from '../../../lib/i18n/language.ts';
import { sendOrQueue } from '../../../lib/offline/send-or-queue.ts';
import { CLIENT_TRANSACTIONS_PATH } from './paths.ts';

export type LendInput = Omit<LendBody, 'clientId'> & {
  /** The client's business name, for the waiting list. */
  who: string;
} & ({ clientId: number; clientFrom?: undefined } | { clientId?: undefined; clientFrom: string });

export const lendCrates = ({ who, clientFrom, ...body }: LendInput) =>
  sendOrQueue<ClientTransaction>(
    {
      kind: 'lend',
      what: t('clients.whatLend'),
      who,
      crates: body.quantityBorrowed,
      subject: body.clientId === undefined ? undefined : { clientId: body.clientId },
    },
    { method: 'POST', path: CLIENT_TRANSACTIONS_PATH, body },
    { clientFrom },
  );

export function useLendCrates() {
  return useMutation({
    mutationFn: lendCrates,
    networkMode: 'always',
  });
}
