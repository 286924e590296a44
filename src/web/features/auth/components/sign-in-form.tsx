// Sign In: e-mail and password; success goes to / (spec §4).
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { loginBody, messages } from '../../../../shared/auth.ts';
import { paths } from '../../../app/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useLogin } from '../api.ts';

export function SignInForm() {
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginBody, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => navigate(paths.home.href()),
      onError: (error) =>
        notifyError(
          error instanceof ApiError && error.status === 429
            ? (error.serverMessage ?? messages.tooManyAttempts)
            : messages.invalidCredentials,
        ),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
        <Button type="submit" loading={login.isPending} fullWidth>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
