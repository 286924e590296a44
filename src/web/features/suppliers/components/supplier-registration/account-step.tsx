// Step 1 of the supplier wizard: who signs in (name, e-mail, password twice).
import { PasswordInput, Title } from '@mantine/core';
import { AccountFields } from '../../../../components/account-fields.tsx';
import { useT } from '../../../../lib/i18n/use-t.ts';
import type { SupplierRegistrationForm } from './use-supplier-registration-form.ts';

export function AccountStep({ form }: { form: SupplierRegistrationForm }) {
  const t = useT();
  return (
    <>
      <Title order={2} size="h4">
        {t('suppliers.stepAccount')}
      </Title>
      <AccountFields form={form} />
      <PasswordInput
        label={t('suppliers.confirmPassword')}
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
