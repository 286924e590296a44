// Who signs in: the full name, e-mail and new password fields of the registration form and the
// supplier wizard's account step, bound to a @mantine/form form with `name`, `email` and `password`.
import { PasswordInput, TextInput } from '@mantine/core';

export function AccountFields({
  form,
  required = false,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form with the three account fields
  form: { getInputProps: (path: any) => object };
  /** Marks the fields `required` (for assistive technology too); otherwise only with the asterisk. */
  required?: boolean;
}) {
  const mark = required ? { required: true } : { withAsterisk: true };
  return (
    <>
      <TextInput label="Full name" autoComplete="name" {...mark} {...form.getInputProps('name')} />
      <TextInput label="Email" type="email" autoComplete="email" {...mark} {...form.getInputProps('email')} />
      <PasswordInput
        label="Password"
        description="At least 6 characters"
        autoComplete="new-password"
        {...mark}
        {...form.getInputProps('password')}
      />
    </>
  );
}
