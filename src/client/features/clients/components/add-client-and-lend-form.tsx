// The market agent dashboard's "add client and lend" (spec §2, §8): a new client and its first loan
// in one go (POST /api/clients, then POST /api/client-transactions). When the client was added but the
// lend refused, the form remembers the new client, so trying again lends to it instead of adding it twice.
import { Button, Card, Stack, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { createClientBody, lendBody, clientMessages as m } from '../../../../shared/clients.ts';
import { FormError } from '../../../components/form-error.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { useMyAgent } from '../../../lib/api/get-my-agent.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateClient } from '../api/create-client.ts';
import { useLendCrates } from '../api/lend-crates.ts';
import { type ClientDetailsValues, ClientFields, emptyClientDetails } from './client-fields.tsx';

type Values = ClientDetailsValues & { quantityBorrowed: number | string; notes: string };

const schemaFor = (full: number | undefined) =>
  createClientBody
    .extend({ quantityBorrowed: lendBody.shape.quantityBorrowed, notes: lendBody.shape.notes })
    .refine((v) => full === undefined || v.quantityBorrowed <= full, {
      message: m.notEnoughFullCrates(full ?? 0),
      path: ['quantityBorrowed'],
    });

export function AddClientAndLendForm() {
  const create = useCreateClient();
  const lend = useLendCrates();
  const me = useMyAgent();
  const full = me.data?.fullCrates;
  const [failure, setFailure] = useState<unknown>(null);
  // The client added by an attempt whose lend failed, with the details it was added with.
  const [added, setAdded] = useState<{ id: number; details: string } | null>(null);
  const form = useForm<Values>({
    initialValues: { ...emptyClientDetails, quantityBorrowed: '', notes: '' },
    validate: schemaResolver(schemaFor(full), { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const details = createClientBody.parse(values);
    const key = JSON.stringify(details);
    try {
      const clientId = added?.details === key ? added.id : (await create.mutateAsync(details)).id;
      setAdded({ id: clientId, details: key });
      await lend.mutateAsync({
        clientId,
        quantityBorrowed: Number(values.quantityBorrowed),
        notes: values.notes.trim() || undefined,
      });
      setAdded(null);
      form.reset();
      notifySuccess(`${m.added}. ${m.lent}`);
    } catch (error) {
      setFailure(error);
      notifyError(errorMessage(error, m.registerAndLendFailed));
    }
  });

  return (
    <Card withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        Add a client and lend crates
      </Title>
      <form onSubmit={submit} noValidate aria-label="Add client and lend crates">
        <Stack gap="sm">
          <ClientFields form={form} />
          <QuantityInput
            label="Crates to lend"
            description="Full crates"
            min={1}
            max={full}
            hint={full !== undefined && full > 0}
            withAsterisk
            {...form.getInputProps('quantityBorrowed')}
          />
          <Textarea label="Notes" placeholder="Optional" autosize minRows={2} {...form.getInputProps('notes')} />
          <FormError error={failure} fallback={m.registerAndLendFailed} />
          <Button type="submit" loading={create.isPending || lend.isPending}>
            Add Client and Lend
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
