// Edit a client's details and its Active/Inactive flag (spec §4 Client flag). An inactive client
// keeps its loans and can return crates, but is not lent any more.
import { Checkbox, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type Client, createClientBody, clientMessages as m } from '../../../../shared/clients.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { KeepInputModal } from '../../../components/keep-input.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { QUEUED_MESSAGE } from '../../../lib/offline/send-or-queue.ts';
import { useUpdateClient } from '../api/update-client.ts';
import { type ClientDetailsValues, ClientFields } from './client-fields.tsx';

export function EditClientDialog({ client, onClose }: { client: Client; onClose: () => void }) {
  const update = useUpdateClient();
  const form = useForm<ClientDetailsValues & { isActive: boolean }>({
    initialValues: {
      businessName: client.businessName,
      clientName: client.clientName,
      contactNumber: client.contactNumber,
      isActive: client.isActive,
    },
    validate: schemaResolver(createClientBody, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(
      { id: client.id, ...createClientBody.parse(values), isActive: values.isActive, who: client.businessName },
      {
        onSuccess: (sent) => {
          if (sent.queued) notifySuccess(QUEUED_MESSAGE, 'Waiting to send');
          else notifySuccess(m.updated);
          onClose();
        },
      },
    ),
  );

  return (
    <KeepInputModal onClose={onClose} held={form.isDirty()} title="Edit Client" centered>
      <form onSubmit={submit} noValidate aria-label="Edit client">
        <Stack>
          <ClientFields form={form} />
          <Checkbox
            label="Active (can borrow crates)"
            description="An inactive client keeps its loans and can return crates, but is not lent any more."
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
          <FormError error={update.isError ? update.error : null} title={m.updateFailed} />
          <FormActions onCancel={onClose} submitLabel={'Save'} loading={update.isPending} />
        </Stack>
      </form>
    </KeepInputModal>
  );
}
