// Return Crates (spec §2, §5): an open transaction and a quantity above zero. The field sets no upper
// bound; more than the chosen loan's crates out is refused before sending (the field says so), and a
// refusal by the server is said in the dialog under 'Failed to process return' (no toast, spec §8).
import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { z } from 'zod';
import type { ClientTransaction } from '../../../../shared/clients.ts';
import { clientMessages as m, returnBody } from '../../../../shared/clients.ts';
import { checkReturnedDamage } from '../../../../shared/damage.ts';
import { useDamagePhotoFollowUp } from '../../../components/damage-photo-step.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { RecordSelect } from '../../../components/record-select.tsx';
import { crates, formatDate } from '../../../lib/format.ts';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { QUEUED_MESSAGE } from '../../../lib/offline/send-or-queue.ts';
import { useQueueStatus } from '../../../lib/offline/status.ts';
import { useOpenTransactions } from '../api/get-open-transactions.ts';
import { useReturnCrates } from '../api/return-crates.ts';
import { DamageFields, damageBody, damageFormFields, returnPhotoStep } from './return-damage.tsx';

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
      ...damageFormFields,
    })
    .superRefine((v, ctx) => {
      checkReturnedDamage(v, ctx);
      const out = cratesOutOf(v.transactionId);
      if (out !== undefined && v.quantityReturned > out) {
        ctx.addIssue({ code: 'custom', message: m.tooManyReturned(out), path: ['quantityReturned'] });
      }
    });

/** A row of the loan picker: the client, then how many of how many are out and since when. */
function LoanRow({ loan }: { loan: ClientTransaction | undefined }) {
  const t = useT();
  if (!loan) return null;
  return (
    <div>
      <Text size="sm">{loan.businessName}</Text>
      <Text size="xs" c="dimmed">
        {t('clients.loanRow', {
          out: loan.cratesOut,
          borrowed: loan.quantityBorrowed,
          date: formatDate(loan.createdAt),
        })}
      </Text>
    </div>
  );
}

// Long: the dialog's layout (loan, count, footer); the limit subtracts returns still waiting on the phone.
export function ReturnCratesDialog({ transactionId, onClose }: { transactionId: number | null; onClose: () => void }) {
  const t = useT();
  const giveBack = useReturnCrates();
  const open = useOpenTransactions();
  // A return with damaged crates (booked, or kept on the phone): the app offers a photo of them next.
  const photoStep = useDamagePhotoFollowUp(onClose);
  // Returns taken on this phone and not sent yet are not counted as still out (decision 036).
  const { changes } = useQueueStatus();
  const queuedOn = (loanId: number) =>
    changes.reduce((sum, c) => sum + (c.kind === 'return' && c.subject?.loanId === loanId ? (c.crates ?? 0) : 0), 0);
  const cratesOutOf = (id: string | null) => {
    const loan = open.data?.find((l) => String(l.id) === id);
    return loan ? Math.max(0, loan.cratesOut - queuedOn(loan.id)) : undefined;
  };
  const form = useForm<ReturnValues>({
    initialValues: {
      transactionId: transactionId === null ? null : String(transactionId),
      quantityReturned: '',
      damagedQuantity: '',
      damageReason: '',
    },
    validate: translatedResolver(returnFormSchema(cratesOutOf), { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    const loan = open.data?.find((l) => String(l.id) === values.transactionId);
    giveBack.mutate(
      {
        id: Number(values.transactionId),
        quantityReturned: Number(values.quantityReturned),
        ...damageBody(values),
        who: loan?.businessName ?? t('clients.aClient'),
        clientId: loan?.clientId,
      },
      {
        onSuccess: (sent) => {
          if (sent.queued) notifySuccess(QUEUED_MESSAGE, t('clients.waitingToSend'));
          else notifySuccess(t('clients.returned'));
          const who = loan?.businessName ?? t('clients.theClient');
          const step = returnPhotoStep(Number(values.transactionId), who);
          if (!photoStep.offer(step, Number(values.damagedQuantity), sent)) onClose();
        },
      },
    );
  });
  // The field shows the client and what is out, short enough for a phone's field; the list's rows and
  // the line under the field add the loan's size and date (decision 067).
  const options = (open.data ?? []).map((loan) => ({
    value: String(loan.id),
    label: t('clients.loanOption', { name: loan.businessName, out: loan.cratesOut }),
  }));
  const loanOf = (id: string) => open.data?.find((l) => String(l.id) === id);
  const chosen = open.data?.find((l) => String(l.id) === form.values.transactionId);

  if (photoStep.dialog) return photoStep.dialog;
  return (
    <FormDialog
      title={t('clients.returnCratesTitle')}
      label={t('clients.returnForm')}
      onClose={onClose}
      onSubmit={submit}
      held={form.isDirty()}
    >
      <RecordSelect
        label={t('clients.transaction')}
        placeholder={t('clients.selectTransaction')}
        data={options}
        nothingFoundMessage={t('clients.noOpenTransactions')}
        renderOption={({ option }) => <LoanRow loan={loanOf(option.value)} />}
        {...form.getInputProps('transactionId')}
      />
      {chosen && (
        <Text size="sm" c="dimmed" data-testid="crates-out">
          {t('clients.clientHasOut', { name: chosen.clientName, crates: crates(chosen.cratesOut) })}
        </Text>
      )}
      <QuantityInput
        label={t('clients.quantityReturned')}
        description={t('clients.cratesHandedBack')}
        min={1}
        withAsterisk
        data-autofocus={transactionId !== null ? true : undefined}
        {...form.getInputProps('quantityReturned')}
      />
      <DamageFields inputProps={form.getInputProps} damaged={form.values.damagedQuantity} />
      <FormError error={giveBack.isError ? giveBack.error : null} title={t('clients.returnFailed')} />
      <FormActions onCancel={onClose} submitLabel={t('clients.returnCratesButton')} loading={giveBack.isPending} />
    </FormDialog>
  );
}
