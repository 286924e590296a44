// The market agent's bank details for the farm's EFT payout (settings tab): bank, account number,
// branch code, account holder and account type (the bank's bulk payment file names it). The agent sees them in full; the farm store sees the account
// number masked to its last four digits (only the payout file carries it in full; decision 019).
import { Alert, Button, Card, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useEffect } from 'react';
import {
  type AccountType,
  accountTypes,
  type BankDetails,
  type BankDetailsInput,
  bankDetailsBody,
} from '../../../../shared/billing.ts';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useReadShows } from '../../../lib/offline/read-shows.ts';
import { useBankDetails, useSaveBankDetails } from '../api/bank-details.ts';
import { hasCompleteBankDetails } from './bank-details-reminder.tsx';

type Values = Required<BankDetailsInput>;

const empty: Values = {
  bankName: '',
  accountNumber: '',
  branchCode: '',
  accountHolderName: '',
  accountType: 'current',
};

/** The saved details as the form's values (an account saved before types existed is a current one). */
const toValues = (d: BankDetails): Values => ({
  bankName: d.bankName ?? '',
  accountNumber: d.accountNumber ?? '',
  branchCode: d.branchCode ?? '',
  accountHolderName: d.accountHolderName ?? '',
  accountType: d.accountType ?? 'current',
});

/** Each account type's catalogue key. */
const accountTypeKeys: Record<AccountType, string> = {
  current: 'billing.accountTypeCurrent',
  savings: 'billing.accountTypeSavings',
  transmission: 'billing.accountTypeTransmission',
};

/** The form's fields: the reminder while the details are incomplete, then the five inputs. */
function BankDetailsFields({ form, loaded }: { form: UseFormReturnType<Values>; loaded: BankDetails | undefined }) {
  const t = useT();
  const accountTypeOptions = accountTypes.map((type) => ({ value: type, label: t(accountTypeKeys[type]) }));
  return (
    <>
      {loaded && !hasCompleteBankDetails(loaded) && (
        <Alert color="orange" variant="light" p="sm">
          {t('billing.bankDetailsRequired')}
        </Alert>
      )}
      <TextInput label={t('billing.bankName')} withAsterisk autoComplete="off" {...form.getInputProps('bankName')} />
      <TextInput
        label={t('billing.accountNumber')}
        withAsterisk
        inputMode="numeric"
        autoComplete="off"
        {...form.getInputProps('accountNumber')}
      />
      <TextInput
        label={t('billing.branchCode')}
        withAsterisk
        inputMode="numeric"
        autoComplete="off"
        {...form.getInputProps('branchCode')}
      />
      <TextInput
        label={t('billing.accountHolder')}
        withAsterisk
        autoComplete="off"
        {...form.getInputProps('accountHolderName')}
      />
      <Select
        label={t('billing.accountType')}
        withAsterisk
        data={accountTypeOptions}
        allowDeselect={false}
        {...form.getInputProps('accountType')}
        onChange={(value) => value && form.setFieldValue('accountType', value as AccountType)}
      />
    </>
  );
}

/** The form, filled with the saved details once they arrive, and its save. */
function useBankDetailsForm(loaded: BankDetails | undefined) {
  const t = useT();
  const save = useSaveBankDetails();
  const form = useForm<Values>({
    initialValues: empty,
    validate: translatedResolver(bankDetailsBody, { sync: true }),
  });

  // Fill the form once the saved details arrive, unless the agent has started typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the saved details change
  useEffect(() => {
    if (!loaded || form.isDirty()) return;
    const values = toValues(loaded);
    form.setValues(values);
    form.resetDirty(values);
  }, [loaded]);

  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        notifySuccess(t('billing.bankDetailsSaved'));
        const values = toValues(saved);
        form.setValues(values);
        form.resetDirty(values);
      },
      onError: (error) => notifyError(errorMessage(error, t('billing.bankDetailsFailed'))),
    }),
  );
  return { form, save, submit };
}

export function BankDetailsCard() {
  const t = useT();
  const details = useBankDetails();
  const shows = useReadShows(details);
  const loaded = details.data;
  const { form, save, submit } = useBankDetailsForm(loaded);

  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb={4}>
        {t('billing.bankDetailsTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('billing.bankDetailsIntro')}
      </Text>
      {shows === 'nothing-saved' ? (
        // Never kept on the phone (decision 036): offline there is nothing to show, and that is why.
        <Text c="dimmed" data-testid="nothing-saved">
          {t('billing.bankDetailsNotKept')}
        </Text>
      ) : shows === 'loading' ? (
        <Skeleton height={240} radius="md" />
      ) : shows === 'failed' ? (
        <Alert color="red">{t('billing.bankDetailsLoadFailed')}</Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('billing.bankDetailsForm')}>
          <Stack maw={420}>
            <BankDetailsFields form={form} loaded={loaded} />
            <FormError error={save.isError ? save.error : null} fallback={t('billing.bankDetailsFailed')} />
            <Button type="submit" loading={save.isPending}>
              {t('billing.saveBankDetails')}
            </Button>
          </Stack>
        </form>
      )}
    </Card>
  );
}
