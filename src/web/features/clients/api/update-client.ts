// PATCH /api/clients/{id}: a client's details or its Active/Inactive flag. Sent with a key made on the
// phone, or kept on the phone until the connection is back (decision 036).
import { useMutation } from '@tanstack/react-query';
import type { Client, UpdateClientBody } from '../../../../shared/clients.ts';
import { t } from '../../../lib/i18n/language.ts';
import { sendOrQueue } from '../../../lib/offline/send-or-queue.ts';
import { clientPath } from './paths.ts';

export const updateClient = ({ id, who, ...body }: UpdateClientBody & { id: number; who: string }) =>
  sendOrQueue<Client>(
    { kind: 'edit-client', what: t('clients.whatEdit'), who, crates: null, subject: { clientId: id } },
    { method: 'PATCH', path: clientPath(id), body },
  );

export function useUpdateClient() {
  return useMutation({
    mutationFn: updateClient,
    networkMode: 'always',
  });
}
