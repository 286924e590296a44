// The return dialog of the market agent dashboard's clients with crates out: how many of the oldest
// open loan's crates came back, how many of those are damaged and why (then a photo of them, as on
// the Clients screen: decisions 051, 056), and a note. Loaded when a return starts (decision 033), so
// its form and checks (zod) stay off the dashboard's first paint.
import { Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { z } from 'zod';
import { type Client, type ClientTransaction, clientMessages as m, returnBody } from '../../../../shared/clients.ts';
import { checkReturnedDamage } from '../../../../shared/damage.ts';
import { useDamagePhotoFollowUp } from '../../../components/damage-photo-step.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { KeepInputModal } from '../../../components/keep-input.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { QUEUED_MESSAGE } from '../../../lib/offline/send-or-queue.ts';
import { useQueuedCrates } from '../../../lib/offline/status.ts';
import { useReturnCrates } from '../api/return-crates.ts';
import { DamageFields, damageBody, damageFormFields, returnPhotoStep } from './return-damage.tsx';

// Long: the dialog's layout, the form with its checks, and the sent or queued answer.
export function DashboardReturnDialog({
  client,
  loan,
  onClose,
}: {
  client: Client;
  loan: ClientTransaction;
  onClose: () => void;
}) {
  const t = useT();
  const giveBack = useReturnCrates();
  // Returns taken on this phone and not sent yet are not counted as still out (decision 036).
  const cratesOut = Math.max(0, loan.cratesOut - useQueuedCrates('return', { loanId: loan.id }));
  const photoStep = useDamagePhotoFollowUp(onClose);
  const form = useForm<{
    quantityReturned: number | string;
    notes: string;
    damagedQuantity: number | string;
    damageReason: string;
  }>({
    initialValues: { quantityReturned: cratesOut, notes: '', damagedQuantity: '', damageReason: '' },
    // More than this loan's crates out is refused before sending, like 0 or a fraction.
    validate: translatedResolver(
      z.object({ ...returnBody.shape, ...damageFormFields }).superRefine((v, ctx) => {
        checkReturnedDamage(v, ctx);
        if (v.quantityReturned > cratesOut)
          ctx.addIssue({ code: 'custom', message: m.tooManyReturned(cratesOut), path: ['quantityReturned'] });
      }),
      { sync: true },
    ),
  });
  const submit = form.onSubmit((values) =>
    giveBack.mutate(
      {
        id: loan.id,
        quantityReturned: Number(values.quantityReturned),
        notes: values.notes.trim() || undefined,
        ...damageBody(values),
        variant: 'dashboard',
        who: client.businessName,
        clientId: client.id,
      },
      {
        onSuccess: (sent) => {
          if (sent.queued) notifySuccess(QUEUED_MESSAGE, t('clients.waitingToSend'));
          else notifySuccess(t('clients.returned'));
          const step = returnPhotoStep(loan.id, client.businessName);
          if (!photoStep.offer(step, Number(values.damagedQuantity), sent)) onClose();
        },
        onError: (error) => notifyError(errorMessage(error, t('clients.returnFailed'))),
      },
    ),
  );
  if (photoStep.dialog) return photoStep.dialog;
  return (
    <KeepInputModal
      onClose={onClose}
      held={form.isDirty()}
      title={t('clients.returnFrom', { name: client.businessName })}
      centered
      // A long business name wraps instead of pushing the close button out of the dialog.
      styles={{ title: { overflowWrap: 'anywhere', minWidth: 0 } }}
    >
      <form onSubmit={submit} noValidate aria-label={t('clients.returnForm')}>
        <Stack>
          <Text size="sm">
            {t('clients.loanLine', {
              date: formatDate(loan.createdAt),
              out: cratesOut,
              borrowed: loan.quantityBorrowed,
            })}
          </Text>
          <QuantityInput
            label={t('clients.quantityReturned')}
            min={1}
            max={cratesOut}
            hint
            withAsterisk
            data-autofocus
            {...form.getInputProps('quantityReturned')}
          />
          <DamageFields inputProps={form.getInputProps} damaged={form.values.damagedQuantity} />
          <Textarea
            label={t('clients.notes')}
            placeholder={t('clients.optional')}
            autosize
            minRows={2}
            {...form.getInputProps('notes')}
          />
          <FormError error={giveBack.isError ? giveBack.error : null} fallback={t('clients.returnFailed')} />
          <FormActions onCancel={onClose} submitLabel={t('clients.returnCratesButton')} loading={giveBack.isPending} />
        </Stack>
      </form>
    </KeepInputModal>
  );
}
