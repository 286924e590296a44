// Edit a client's details and its Active/Inactive flag (spec §4 Client flag). An inactive client
// keeps its loans and can return crates, but is not lent any more.
import { Checkbox, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Client, createClientBody } from '../../../../shared/clients.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { KeepInputModal } from '../../../components/keep-input.tsx';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { QUEUED_MESSAGE } from '../../../lib/offline/send-or-queue.ts';
import { useUpdateClient } from '../api/update-client.ts';
import { type ClientDetailsValues, ClientFields } from './client-fields.tsx';

export function EditClientDialog({ client, onClose }: { client: Client; onClose: () => void }) {
  const t = useT();
  const update = useUpdateClient();
  const form = useForm<ClientDetailsValues & { isActive: boolean }>({
    initialValues: {
      businessName: client.businessName,
      clientName: client.clientName,
      contactNumber: client.contactNumber,
      language: client.language,
      isActive: client.isActive,
    },
    validate: translatedResolver(createClientBody, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(
      { id: client.id, ...createClientBody.parse(values), isActive: values.isActive, who: client.businessName },
      {
        onSuccess: (sent) => {
          if (sent.queued) notifySuccess(QUEUED_MESSAGE, t('clients.waitingToSend'));
          else notifySuccess(t('clients.updated'));
          onClose();
        },
      },
    ),
  );

  return (
    <KeepInputModal onClose={onClose} held={form.isDirty()} title={t('clients.editClientTitle')} centered>
      <form onSubmit={submit} noValidate aria-label={t('clients.editClientForm')}>
        <Stack>
          <ClientFields form={form} />
          <Checkbox
            label={t('clients.activeLabel')}
            description={t('clients.activeDescription')}
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
          <FormError error={update.isError ? update.error : null} title={t('clients.updateFailed')} />
          <FormActions onCancel={onClose} submitLabel={t('clients.save')} loading={update.isPending} />
        </Stack>
      </form>
    </KeepInputModal>
  );
}
