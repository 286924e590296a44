// Who signs in: the full name, e-mail and new password fields of the registration form and the
// supplier wizard's account step, bound to a @mantine/form form with `name`, `email` and `password`.
import { PasswordInput, TextInput } from '@mantine/core';
import { useT } from '../lib/i18n/use-t.ts';

export function AccountFields({
  form,
  required = false,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form with the three account fields
  form: { getInputProps: (path: any) => object };
  /** Marks the fields `required` (for assistive technology too); otherwise only with the asterisk. */
  required?: boolean;
}) {
  const t = useT();
  const mark = required ? { required: true } : { withAsterisk: true };
  return (
    <>
      <TextInput label={t('components.fullName')} autoComplete="name" {...mark} {...form.getInputProps('name')} />
      <TextInput
        label={t('components.email')}
        type="email"
        autoComplete="email"
        {...mark}
        {...form.getInputProps('email')}
      />
      <PasswordInput
        label={t('components.password')}
        description={t('components.passwordHint')}
        autoComplete="new-password"
        {...mark}
        {...form.getInputProps('password')}
      />
    </>
  );
}
