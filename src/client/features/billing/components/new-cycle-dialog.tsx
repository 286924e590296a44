// 'New Billing Cycle' (spec §2, §5): start date, end date and rate per crate, all required; the rate is
// a positive amount with at most two decimals (step 0.01, placeholder 0.70). The form checks with the
// server's schema and never changes what was typed; creating completes the active cycle.
// The rate is a text field with the phone's decimal keypad, not Mantine's NumberInput: that one drops
// letters as they are typed and rewrites "0.70" as "0.7" on blur (trimLeadingZeroesOnBlur), so a
// person would not see what they typed. The money is read as text by the shared schema (money.ts).
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { createCycleBody, billingMessages as m } from '../../../../shared/billing.ts';
import { BILLING_RATE_PLACEHOLDER } from '../../../../shared/money.ts';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateCycle } from '../api/create-cycle.ts';

type Values = { startDate: string; endDate: string; ratePerCrate: string };

export function NewCycleDialog({
  opened,
  onClose,
  hasActiveCycle,
}: {
  opened: boolean;
  onClose: () => void;
  hasActiveCycle: boolean;
}) {
  const create = useCreateCycle();
  const today = dayjs().format('YYYY-MM-DD');
  const form = useForm<Values>({
    initialValues: { startDate: today, endDate: dayjs().add(6, 'day').format('YYYY-MM-DD'), ratePerCrate: '' },
    validate: schemaResolver(createCycleBody, { sync: true }),
  });

  const close = () => {
    create.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    create.mutate(
      { startDate: values.startDate, endDate: values.endDate, ratePerCrate: values.ratePerCrate.trim() },
      {
        onSuccess: () => {
          notifySuccess(m.created);
          form.reset();
          close();
        },
        onError: (error) => notifyError(errorMessage(error, m.createFailed)),
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title="New Billing Cycle" centered>
      <form onSubmit={submit} noValidate aria-label="New billing cycle">
        <Stack>
          {hasActiveCycle && (
            <Alert color="blue" variant="light" p="sm">
              The current cycle will be completed and become the previous cycle.
            </Alert>
          )}
          <TextInput type="date" label="Start date" withAsterisk {...form.getInputProps('startDate')} />
          <TextInput type="date" label="End date" withAsterisk {...form.getInputProps('endDate')} />
          <TextInput
            label="Rate per crate (R)"
            description="Paid for each empty crate returned in this cycle, in rand and cents (0.01 steps)"
            placeholder={BILLING_RATE_PLACEHOLDER}
            inputMode="decimal"
            autoComplete="off"
            withAsterisk
            {...form.getInputProps('ratePerCrate')}
          />
          <FormError error={create.isError ? create.error : null} fallback={m.createFailed} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Cycle
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
