// POST /api/clients: Add Client (businessName, clientName, contactNumber). Sent with a key made on the
// phone, or kept on the phone until the connection is back (decision 036).
import { useMutation } from '@tanstack/react-query';
import type { Client, CreateClientBody } from '../../../../shared/clients.ts';
import { t } from '../../../lib/i18n/language.ts';
import { sendOrQueue } from '../../../lib/offline/send-or-queue.ts';
import { CLIENTS_PATH } from './paths.ts';

export const createClient = (body: CreateClientBody) =>
  sendOrQueue<Client>(
    { kind: 'add-client', what: t('clients.whatAdd'), who: `${body.businessName} (${body.clientName})`, crates: null },
    { method: 'POST', path: CLIENTS_PATH, body },
  );

export function useCreateClient() {
  return useMutation({
    mutationFn: createClient,
    networkMode: 'always',
  });
}
