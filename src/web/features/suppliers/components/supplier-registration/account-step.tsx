// Step 1 of the supplier wizard: who signs in (name, e-mail, password twice).
import { PasswordInput, Title } from '@mantine/core';
import { AccountFields } from '../../../../components/account-fields.tsx';
import type { SupplierRegistrationForm } from './use-supplier-registration-form.ts';

export function AccountStep({ form }: { form: SupplierRegistrationForm }) {
  return (
    <>
      <Title order={2} size="h4">
        Account
      </Title>
      <AccountFields form={form} />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
