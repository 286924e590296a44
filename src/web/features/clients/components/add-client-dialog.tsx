// Add Client (spec §2, §5): business name, client name and contact number. A failure is said inside
// the dialog, never as a toast (spec §8: the clients page shows no error toast for add).
import { Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { createClientBody, clientMessages as m } from '../../../../shared/clients.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { KeepInputModal } from '../../../components/keep-input.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { QUEUED_MESSAGE } from '../../../lib/offline/send-or-queue.ts';
import { useCreateClient } from '../api/create-client.ts';
import { type ClientDetailsValues, ClientFields, emptyClientDetails } from './client-fields.tsx';

export function AddClientDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateClient();
  const form = useForm<ClientDetailsValues>({
    initialValues: emptyClientDetails,
    validate: schemaResolver(createClientBody, { sync: true }),
  });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    create.mutate(createClientBody.parse(values), {
      onSuccess: (sent) => {
        if (sent.queued) notifySuccess(QUEUED_MESSAGE, 'Waiting to send');
        else notifySuccess(m.added);
        close();
      },
    }),
  );

  return (
    <KeepInputModal opened={opened} onClose={close} held={form.isDirty()} title="Add Client" centered>
      <form onSubmit={submit} noValidate aria-label="Add client">
        <Stack>
          <ClientFields form={form} />
          <FormError error={create.isError ? create.error : null} title={m.addFailed} />
          <FormActions onCancel={close} submitLabel={'Add Client'} loading={create.isPending} />
        </Stack>
      </form>
    </KeepInputModal>
  );
}
