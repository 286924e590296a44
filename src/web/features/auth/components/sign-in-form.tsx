// Sign In: e-mail and password; success goes to / (spec §4).
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { loginBody } from '../../../../shared/auth.ts';
import { paths } from '../../../app/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useLogin } from '../api.ts';

export function SignInForm() {
  const t = useT();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: translatedResolver(loginBody, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => navigate(paths.home.href()),
      onError: (error) =>
        notifyError(
          error instanceof ApiError && error.status === 429
            ? (error.serverMessage ?? translate('auth.tooManyAttempts'))
            : translate('auth.invalidCredentials'),
        ),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('auth.password')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('auth.signIn')}
        </Button>
      </Stack>
    </form>
  );
}
