// Add Client (spec §2, §5): business name, client name and contact number. A failure is said inside
// the dialog, never as a toast (spec §8: the clients page shows no error toast for add).
import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createClientBody } from '../../../../shared/clients.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { KeepInputModal } from '../../../components/keep-input.tsx';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { QUEUED_MESSAGE } from '../../../lib/offline/send-or-queue.ts';
import { useCreateClient } from '../api/create-client.ts';
import { type ClientDetailsValues, ClientFields, emptyClientDetails } from './client-fields.tsx';

export function AddClientDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const create = useCreateClient();
  const form = useForm<ClientDetailsValues>({
    initialValues: emptyClientDetails(),
    validate: translatedResolver(createClientBody, { sync: true }),
  });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    create.mutate(createClientBody.parse(values), {
      onSuccess: (sent) => {
        if (sent.queued) notifySuccess(QUEUED_MESSAGE, t('clients.waitingToSend'));
        else notifySuccess(t('clients.added'));
        close();
      },
    }),
  );

  return (
    <KeepInputModal opened={opened} onClose={close} held={form.isDirty()} title={t('clients.addClientTitle')} centered>
      <form onSubmit={submit} noValidate aria-label={t('clients.addClientForm')}>
        <Stack>
          <ClientFields form={form} />
          <FormError error={create.isError ? create.error : null} title={t('clients.addFailed')} />
          <FormActions onCancel={close} submitLabel={t('clients.addClientTitle')} loading={create.isPending} />
        </Stack>
      </form>
    </KeepInputModal>
  );
}
