// Return Crates (spec §2, §5): an open transaction and a quantity above zero. The field sets no upper
// bound; more than the chosen loan's crates out is refused before sending (the field says so), and a
// refusal by the server is said in the dialog under 'Failed to process return' (no toast, spec §8).
import { Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import { clientMessages as m, returnBody } from '../../../../shared/clients.ts';
import { checkReturnedDamage, damagedQuantity } from '../../../../shared/damage.ts';
import { DamagePhotoDialog, useDamagePhotoStep } from '../../../components/damage-photo-step.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { RecordSelect } from '../../../components/record-select.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { QUEUED_MESSAGE } from '../../../lib/offline/send-or-queue.ts';
import { useQueueStatus } from '../../../lib/offline/status.ts';
import { useOpenTransactions } from '../api/get-open-transactions.ts';
import { useReturnCrates } from '../api/return-crates.ts';

type ReturnValues = {
  transactionId: string | null;
  quantityReturned: number | string;
  damagedQuantity: number | string;
  damageReason: string;
};

/**
 * The return form's rule: the shared body, and no more than the chosen loan's crates out when the list
 * on screen knows them (the field itself has no upper bound, spec §5; the server decides the rest).
 */
export const returnFormSchema = (cratesOutOf: (transactionId: string | null) => number | undefined) =>
  z
    .object({
      transactionId: z.string({ error: m.transactionRequired }).min(1, m.transactionRequired),
      quantityReturned: returnBody.shape.quantityReturned,
      // Empty means none damaged (decision 051).
      damagedQuantity: z.preprocess((x) => (x === '' ? undefined : x), damagedQuantity.optional()),
      damageReason: z.string().optional(),
    })
    .superRefine((v, ctx) => {
      checkReturnedDamage(v, ctx);
      const out = cratesOutOf(v.transactionId);
      if (out !== undefined && v.quantityReturned > out) {
        ctx.addIssue({ code: 'custom', message: m.tooManyReturned(out), path: ['quantityReturned'] });
      }
    });

// Long: the dialog's layout (loan, count, footer); the limit subtracts returns still waiting on the phone.
export function ReturnCratesDialog({ transactionId, onClose }: { transactionId: number | null; onClose: () => void }) {
  const giveBack = useReturnCrates();
  const open = useOpenTransactions();
  const photoStep = useDamagePhotoStep();
  // A return with damaged crates, booked now (not queued): the app may offer a photo of them next.
  const [damagedOn, setDamagedOn] = useState<{ loanId: number; who: string } | null>(null);
  // Returns taken on this phone and not sent yet are not counted as still out (decision 036).
  const { changes } = useQueueStatus();
  const queuedOn = (loanId: number) =>
    changes.reduce((sum, c) => sum + (c.kind === 'return' && c.subject?.loanId === loanId ? (c.crates ?? 0) : 0), 0);
  const cratesOutOf = (id: string | null) => {
    const loan = open.data?.find((t) => String(t.id) === id);
    return loan ? Math.max(0, loan.cratesOut - queuedOn(loan.id)) : undefined;
  };
  const form = useForm<ReturnValues>({
    initialValues: {
      transactionId: transactionId === null ? null : String(transactionId),
      quantityReturned: '',
      damagedQuantity: '',
      damageReason: '',
    },
    validate: schemaResolver(returnFormSchema(cratesOutOf), { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    const loan = open.data?.find((t) => String(t.id) === values.transactionId);
    giveBack.mutate(
      {
        id: Number(values.transactionId),
        quantityReturned: Number(values.quantityReturned),
        damagedQuantity: values.damagedQuantity === '' ? undefined : Number(values.damagedQuantity),
        damageReason: values.damageReason.trim() || undefined,
        who: loan?.businessName ?? 'a client',
        clientId: loan?.clientId,
      },
      {
        onSuccess: (sent) => {
          if (sent.queued) notifySuccess(QUEUED_MESSAGE, 'Waiting to send');
          else notifySuccess(m.returned);
          if (!sent.queued && photoStep && Number(values.damagedQuantity) > 0) {
            setDamagedOn({ loanId: Number(values.transactionId), who: loan?.businessName ?? 'the client' });
          } else onClose();
        },
      },
    );
  });
  const options = (open.data ?? []).map((t) => ({
    value: String(t.id),
    label: `${t.businessName}: ${t.cratesOut} of ${t.quantityBorrowed} out (lent ${formatDate(t.createdAt)})`,
  }));
  const chosen = open.data?.find((t) => String(t.id) === form.values.transactionId);

  if (damagedOn) {
    return (
      <DamagePhotoDialog
        record={{ recordKind: 'client-transaction', recordId: damagedOn.loanId }}
        subject={`${damagedOn.who}’s damaged crates`}
        intro={`The return is booked. Add a photo of ${damagedOn.who}’s damaged crates, or close.`}
        onClose={onClose}
      />
    );
  }
  return (
    <FormDialog title="Return Crates" label="Return crates" onClose={onClose} onSubmit={submit}>
      <RecordSelect
        label="Transaction"
        placeholder="Select an open transaction"
        data={options}
        nothingFoundMessage="No open transactions"
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
      <QuantityInput
        label="Damaged"
        description="Of those, crates too damaged to use again (written off)"
        min={0}
        {...form.getInputProps('damagedQuantity')}
      />
      {Number(form.values.damagedQuantity) > 0 && (
        <Textarea
          label="What is wrong with them"
          withAsterisk
          autosize
          minRows={2}
          {...form.getInputProps('damageReason')}
        />
      )}
      <FormError error={giveBack.isError ? giveBack.error : null} title={m.returnFailed} />
      <FormActions onCancel={onClose} submitLabel={'Return Crates'} loading={giveBack.isPending} />
    </FormDialog>
  );
}
