// 'Mark Cycle Paid' / 'Mark Paid': the farm store records the day it paid and the bank's
// reference, for the cycle's payout file (every agent owed money who has bank details) or for one
// agent. It can't be undone, so the dialog says who is paid how much before it is confirmed. The form
// checks with the server's schema and never changes what was typed.
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { type BillingCycle, recordPaymentBody } from '../../../../shared/billing.ts';
import { formatRandDecimal } from '../../../../shared/money.ts';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRecordPayment } from '../api/record-payment.ts';

/** Who is being paid: the payout file's rows, or one agent. */
export type PaymentTarget =
  | { kind: 'payout'; rowCount: number; total: string }
  | { kind: 'agent'; marketAgentId: number; agentName: string; amount: string };

type Values = { paidOn: string; reference: string };

// Long: the dialog's layout (amount, date, reference and its footer); the checks are the shared schema's.
export function RecordPaymentDialog({
  cycle,
  target,
  onClose,
}: {
  cycle: BillingCycle;
  target: PaymentTarget;
  onClose: () => void;
}) {
  const t = useT();
  const record = useRecordPayment();
  const form = useForm<Values>({
    initialValues: { paidOn: dayjs().format('YYYY-MM-DD'), reference: '' },
    validate: translatedResolver(recordPaymentBody, { sync: true }),
  });
  const period = `${formatDate(cycle.startDate)} – ${formatDate(cycle.endDate)}`;

  // A double tap sends once: the second submit can arrive before the button shows it is busy.
  const sending = useRef(false);
  const submit = form.onSubmit((values) => {
    if (sending.current) return;
    sending.current = true;
    record.mutate(
      {
        cycleId: cycle.id,
        paidOn: values.paidOn,
        reference: values.reference.trim(),
        ...(target.kind === 'agent' ? { marketAgentId: target.marketAgentId } : {}),
      },
      {
        onSuccess: () => {
          notifySuccess(t('billing.paymentRecorded'));
          onClose();
        },
        onError: (error) => notifyError(errorMessage(error, t('billing.paymentFailed'))),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        target.kind === 'payout' ? t('billing.markCyclePaid') : t('billing.markAgentPaid', { name: target.agentName })
      }
      centered
      // A long agent name wraps instead of pushing the close button out of the dialog.
      styles={{ title: { overflowWrap: 'anywhere', minWidth: 0 } }}
    >
      <form onSubmit={submit} noValidate aria-label={t('billing.recordPaymentForm')}>
        <Stack>
          <Text data-testid="payment-summary">
            {target.kind === 'payout'
              ? t('billing.recordPayoutSummary', {
                  period,
                  agents: target.rowCount,
                  total: formatRandDecimal(target.total),
                })
              : t('billing.recordAgentSummary', {
                  name: target.agentName,
                  amount: formatRandDecimal(target.amount),
                  period,
                })}
          </Text>
          {target.kind === 'payout' && (
            <Text size="sm" c="dimmed">
              {t('billing.recordPayoutNote')}
            </Text>
          )}
          <TextInput type="date" label={t('billing.datePaid')} withAsterisk {...form.getInputProps('paidOn')} />
          <TextInput
            label={t('billing.bankReference')}
            description={t('billing.bankReferenceHint')}
            autoComplete="off"
            withAsterisk
            {...form.getInputProps('reference')}
          />
          <Alert color="orange" variant="light" p="sm">
            {t('billing.paymentFinal')}
          </Alert>
          <FormError error={record.isError ? record.error : null} fallback={t('billing.paymentFailed')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={record.isPending}>
              {t('billing.recordPayment')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
