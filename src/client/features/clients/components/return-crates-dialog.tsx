// Return Crates (spec §2, §5): an open transaction and a quantity above zero. The field sets no upper
// bound; more than the chosen loan's crates out is refused before sending (the field says so), and a
// refusal by the server is said in the dialog under 'Failed to process return' (no toast, spec §8).
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { clientMessages as m, returnBody } from '../../../../shared/clients.ts';
import { FormError } from '../../../components/form-error.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useOpenTransactions } from '../api/get-open-transactions.ts';
import { useReturnCrates } from '../api/return-crates.ts';

type ReturnValues = { transactionId: string | null; quantityReturned: number | string };

/**
 * The return form's rule: the shared body, and no more than the chosen loan's crates out when the list
 * on screen knows them (the field itself has no upper bound, spec §5; the server decides the rest).
 */
export const returnFormSchema = (cratesOutOf: (transactionId: string | null) => number | undefined) =>
  z
    .object({
      transactionId: z.string({ error: m.transactionRequired }).min(1, m.transactionRequired),
      quantityReturned: returnBody.shape.quantityReturned,
    })
    .superRefine((v, ctx) => {
      const out = cratesOutOf(v.transactionId);
      if (out !== undefined && v.quantityReturned > out) {
        ctx.addIssue({ code: 'custom', message: m.tooManyReturned(out), path: ['quantityReturned'] });
      }
    });

export function ReturnCratesDialog({ transactionId, onClose }: { transactionId: number | null; onClose: () => void }) {
  const giveBack = useReturnCrates();
  const open = useOpenTransactions();
  const cratesOutOf = (id: string | null) => open.data?.find((t) => String(t.id) === id)?.cratesOut;
  const form = useForm<ReturnValues>({
    initialValues: { transactionId: transactionId === null ? null : String(transactionId), quantityReturned: '' },
    validate: schemaResolver(returnFormSchema(cratesOutOf), { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    giveBack.mutate(
      { id: Number(values.transactionId), quantityReturned: Number(values.quantityReturned) },
      {
        onSuccess: () => {
          notifySuccess(m.returned);
          onClose();
        },
      },
    ),
  );
  const options = (open.data ?? []).map((t) => ({
    value: String(t.id),
    label: `${t.businessName}: ${t.cratesOut} of ${t.quantityBorrowed} out (lent ${formatDate(t.createdAt)})`,
  }));
  const chosen = open.data?.find((t) => String(t.id) === form.values.transactionId);

  return (
    <Modal opened onClose={onClose} title="Return Crates" centered>
      <form onSubmit={submit} noValidate aria-label="Return crates">
        <Stack>
          <Select
            label="Transaction"
            placeholder="Select an open transaction"
            data={options}
            withAsterisk
            nothingFoundMessage="No open transactions"
            // A long business name wraps inside the list instead of widening it past the dialog.
            styles={{ option: { overflowWrap: 'anywhere' } }}
            {...form.getInputProps('transactionId')}
          />
          {chosen && (
            <Text size="sm" c="dimmed" data-testid="crates-out">
              {chosen.clientName} has {chosen.cratesOut} crates out on this loan
            </Text>
          )}
          <QuantityInput
            label="Quantity returned"
            description="Crates handed back"
            min={1}
            withAsterisk
            data-autofocus={transactionId !== null ? true : undefined}
            {...form.getInputProps('quantityReturned')}
          />
          <FormError error={giveBack.isError ? giveBack.error : null} title={m.returnFailed} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={giveBack.isPending}>
              Return Crates
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
