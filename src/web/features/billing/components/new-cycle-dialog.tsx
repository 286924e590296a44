// 'New Billing Cycle' (spec §2, §5): start date, end date and rate per crate, all required; the rate is
// a positive amount with at most two decimals (step 0.01, placeholder 0.70); dates from 2000-01-01 to
// 2100-12-31. The form checks with the server's schema and never changes what was typed.
// Cycles never overlap: the server refuses overlapping dates with a message naming the
// cycle, except a start inside the running cycle after its first day, which ends that cycle the day
// before; the dialog says so before it is sent. Creating a cycle bills the unbilled returns it covers.
// The rate is a text field with the phone's decimal keypad, not Mantine's NumberInput: that one drops
// letters as they are typed and rewrites "0.70" as "0.7" on blur (trimLeadingZeroesOnBlur), so a
// person would not see what they typed. The money is read as text by the shared schema (money.ts).
import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { type BillingCycle, createCycleBody } from '../../../../shared/billing.ts';
import { BILLING_RATE_PLACEHOLDER } from '../../../../shared/money.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { t as say } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateCycle } from '../api/create-cycle.ts';

type Values = { startDate: string; endDate: string; ratePerCrate: string };
export type CycleDates = { startDate: string; endDate: string };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The dates a new cycle starts with: after the running cycle if there is one, else today, a week long. */
export function suggestedDates(current: BillingCycle | null | undefined): CycleDates {
  const start = current ? dayjs(current.endDate).add(1, 'day') : dayjs();
  return { startDate: start.format('YYYY-MM-DD'), endDate: start.add(6, 'day').format('YYYY-MM-DD') };
}

/** What creating a cycle starting on `startDate` does to the running cycle, if anything. */
function effectOnCurrent(current: BillingCycle | null | undefined, startDate: string): string | null {
  if (!current || !ISO_DATE.test(startDate)) return null;
  if (startDate > current.startDate && current.endDate >= startDate) {
    const lastDay = dayjs(startDate).subtract(1, 'day').format('YYYY-MM-DD');
    return say('billing.cycleEffectEnds', {
      start: formatDate(current.startDate),
      end: formatDate(current.endDate),
      lastDay: formatDate(lastDay),
      from: formatDate(startDate),
    });
  }
  if (startDate > current.endDate) {
    return say('billing.cycleEffectFollows', { end: formatDate(current.endDate) });
  }
  return null;
}

// Long: the dialog's layout: three fields and the footer; the checks are the shared schema's.
export function NewCycleDialog({
  onClose,
  current,
  initialDates,
}: {
  onClose: () => void;
  /** The running cycle, to say what the new dates do to it. */
  current: BillingCycle | null | undefined;
  initialDates?: CycleDates;
}) {
  const t = useT();
  const create = useCreateCycle();
  const form = useForm<Values>({
    initialValues: { ...(initialDates ?? suggestedDates(current)), ratePerCrate: '' },
    validate: translatedResolver(createCycleBody, { sync: true }),
  });
  const effect = effectOnCurrent(current, form.values.startDate);

  const close = () => {
    create.reset();
    onClose();
  };

  // A double tap sends once: the second submit can arrive before the button shows it is busy.
  const sending = useRef(false);
  const submit = form.onSubmit((values) => {
    if (sending.current) return;
    sending.current = true;
    create.mutate(
      { startDate: values.startDate, endDate: values.endDate, ratePerCrate: values.ratePerCrate.trim() },
      {
        onSuccess: () => {
          notifySuccess(t('billing.created'));
          close();
        },
        onError: (error) => notifyError(errorMessage(error, t('billing.createFailed'))),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  });

  return (
    <Modal opened onClose={close} title={t('billing.newBillingCycle')} centered>
      <form onSubmit={submit} noValidate aria-label={t('billing.newBillingCycleForm')}>
        <Stack>
          {effect && (
            <Alert color="blue" variant="light" p="sm" data-testid="cycle-effect">
              {effect}
            </Alert>
          )}
          <TextInput type="date" label={t('billing.startDate')} withAsterisk {...form.getInputProps('startDate')} />
          <TextInput type="date" label={t('billing.endDate')} withAsterisk {...form.getInputProps('endDate')} />
          <MoneyInput
            label={t('billing.ratePerCrateInput')}
            description={t('billing.ratePerCrateHint')}
            placeholder={BILLING_RATE_PLACEHOLDER}
            withAsterisk
            {...form.getInputProps('ratePerCrate')}
          />
          <FormError error={create.isError ? create.error : null} fallback={t('billing.createFailed')} />
          <FormActions onCancel={close} submitLabel={t('billing.createCycle')} loading={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
