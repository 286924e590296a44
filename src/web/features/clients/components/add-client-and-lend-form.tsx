// The market agent dashboard's "add client and lend" (spec §2, §8): a new client and its first loan
// in one go (POST /api/clients, then POST /api/client-transactions). When the client was added but the
// lend refused, the form remembers the new client, so trying again lends to it instead of adding it twice.
import { Button, Card, Stack, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { createClientBody, lendBody, clientMessages as m } from '../../../../shared/clients.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useMyAgent } from '../../../lib/api/get-my-agent.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { QUEUED_MESSAGE } from '../../../lib/offline/send-or-queue.ts';
import { useQueuedCrates } from '../../../lib/offline/status.ts';
import { useCreateClient } from '../api/create-client.ts';
import { useLendCrates } from '../api/lend-crates.ts';
import { type ClientDetailsValues, ClientFields, emptyClientDetails } from './client-fields.tsx';
import { LendQuantityInput, useBigLendCheck } from './lend-crates-dialog.tsx';

type Values = ClientDetailsValues & { quantityBorrowed: number | string; notes: string };

const schemaFor = (full: number | undefined) =>
  createClientBody
    .extend({ quantityBorrowed: lendBody.shape.quantityBorrowed, notes: lendBody.shape.notes })
    .refine((v) => full === undefined || v.quantityBorrowed <= full, {
      message: m.notEnoughFullCrates(full ?? 0),
      path: ['quantityBorrowed'],
    });

// Long: one form's layout: the client's fields, then the crates to lend; the checks are the shared schema's.
export function AddClientAndLendForm() {
  const t = useT();
  const create = useCreateClient();
  const lend = useLendCrates();
  const me = useMyAgent();
  // Crates lent from this phone while offline are not offered again (decision 036).
  const queued = useQueuedCrates('lend');
  const full = me.data ? Math.max(0, me.data.fullCrates - queued) : undefined;
  const [failure, setFailure] = useState<unknown>(null);
  // The client added by an attempt whose lend failed, with the details it was added with.
  const [added, setAdded] = useState<{ id: number; details: string } | null>(null);
  const form = useForm<Values>({
    initialValues: { ...emptyClientDetails(), quantityBorrowed: '', notes: '' },
    validate: translatedResolver(schemaFor(full), { sync: true }),
  });

  const bigLend = useBigLendCheck(full);
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    if (bigLend.stops(Number(values.quantityBorrowed), values.businessName.trim())) return;
    const details = createClientBody.parse(values);
    const key = JSON.stringify(details);
    const loan = {
      quantityBorrowed: Number(values.quantityBorrowed),
      notes: values.notes.trim() || undefined,
      who: details.businessName,
    };
    try {
      let clientId = added?.details === key ? added.id : null;
      if (clientId === null) {
        const sent = await create.mutateAsync(details);
        if (sent.queued) {
          // Offline: the lend waits on the phone for the new client's id (decision 036).
          await lend.mutateAsync({ ...loan, clientFrom: sent.change.id });
          form.reset();
          notifySuccess(QUEUED_MESSAGE, t('clients.waitingToSend'));
          return;
        }
        clientId = sent.answer.id;
      }
      setAdded({ id: clientId, details: key });
      const lent = await lend.mutateAsync({ ...loan, clientId });
      setAdded(null);
      form.reset();
      if (lent.queued) notifySuccess(QUEUED_MESSAGE, t('clients.waitingToSend'));
      else notifySuccess(t('clients.addedAndLent'));
    } catch (error) {
      setFailure(error);
      notifyError(errorMessage(error, t('clients.registerAndLendFailed')));
    }
  });

  return (
    <Card withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {t('clients.addAndLendTitle')}
      </Title>
      <form onSubmit={submit} noValidate aria-label={t('clients.addAndLendForm')}>
        <Stack gap="sm">
          <ClientFields form={form} />
          <LendQuantityInput
            label={t('clients.cratesToLend')}
            full={full}
            {...form.getInputProps('quantityBorrowed')}
          />
          <Textarea
            label={t('clients.notes')}
            placeholder={t('clients.optional')}
            autosize
            minRows={2}
            {...form.getInputProps('notes')}
          />
          <FormError error={failure} fallback={t('clients.registerAndLendFailed')} />
          {bigLend.alert(Number(form.values.quantityBorrowed), form.values.businessName.trim())}
          <Button type="submit" loading={create.isPending || lend.isPending}>
            {bigLend.label(
              Number(form.values.quantityBorrowed),
              form.values.businessName.trim(),
              t('clients.addClientAndLend'),
            )}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
