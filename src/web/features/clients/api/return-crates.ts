// Crates handed back against one open loan. The clients page sends PUT /api/client-transactions/{id}
// {quantityReturned}; the dashboard PUT /api/client-transactions/{id}/return {quantityReturned, notes}
// (spec §7's two variants; the server treats them alike). Sent with a key made on the phone, or kept
// on the phone until the connection is back (decision 036).
import { useMutation } from '@tanstack/react-query';
import type { ClientTransaction } from '../../../../shared/clients.ts';
import { t } from '../../../lib/i18n/language.ts';
import { sendOrQueue } from '../../../lib/offline/send-or-queue.ts';
import { CLIENT_TRANSACTIONS_PATH } from './paths.ts';

export type ReturnCratesInput = {
  id: number;
  quantityReturned: number;
  notes?: string;
  /** Of those, crates damaged and why (decision 051): written off, not back into use. */
  damagedQuantity?: number;
  damageReason?: string;
  /** 'dashboard' uses the /return path with notes. */
  variant?: 'clients-page' | 'dashboard';
  /** The loan's client, for the waiting list. */
  who: string;
  clientId?: number;
};

export const returnCrates = ({
  id,
  quantityReturned,
  notes,
  variant = 'clients-page',
  who,
  clientId,
  damagedQuantity,
  damageReason,
}: ReturnCratesInput) => {
  const damage = damagedQuantity ? { damagedQuantity, damageReason } : {};
  return sendOrQueue<ClientTransaction>(
    { kind: 'return', what: t('clients.whatReturn'), who, crates: quantityReturned, subject: { loanId: id, clientId } },
    variant === 'dashboard'
      ? {
          method: 'PUT',
          path: `${CLIENT_TRANSACTIONS_PATH}/${id}/return`,
          body: { quantityReturned, notes, ...damage },
        }
      : { method: 'PUT', path: `${CLIENT_TRANSACTIONS_PATH}/${id}`, body: { quantityReturned, ...damage } },
  );
};

export function useReturnCrates() {
  return useMutation({
    mutationFn: returnCrates,
    networkMode: 'always',
  });
}
