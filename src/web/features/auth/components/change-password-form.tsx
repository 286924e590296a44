// Change My Password (spec §5): every field required, new and confirmation match, at least 6
// characters; the button stays disabled until then. Used in every role's settings tab, and as a
// dialog on the User Management screen.
import { Button, Card, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '../../../../shared/auth-labels.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useChangePassword } from '../api.ts';

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };

export function changePasswordProblem(v: Values): string | null {
  if (!v.currentPassword || !v.newPassword || !v.confirmPassword) return t('auth.fillAllFields');
  if (v.newPassword !== v.confirmPassword) return t('auth.newPasswordsMismatch');
  if (v.newPassword.length < MIN_PASSWORD_LENGTH) return t('auth.passwordTooShortLong');
  return null;
}

/**
 * The spec §8 failure: a wrong current password says so; any other failure is 'Failed to change
 * password' with the server's message when it gave one.
 */
export function changePasswordFailure(error: unknown): string {
  if (error instanceof ApiError && error.fieldErrors.currentPassword) {
    return t('auth.changePasswordWrongCurrent');
  }
  return errorMessage(error, t('auth.changePasswordFailed'));
}

export function ChangePasswordForm({ onDone }: { onDone?: () => void }) {
  const tr = useT();
  const changePassword = useChangePassword();
  const form = useForm<Values>({ initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const problem = changePasswordProblem(form.values);
  const touched = form.isDirty();

  const submit = form.onSubmit((values) => {
    if (changePasswordProblem(values)) return;
    changePassword.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          notifySuccess(t('auth.passwordChanged'));
          form.reset();
          onDone?.();
        },
        onError: (error) => notifyError(changePasswordFailure(error)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={420}>
        <PasswordInput
          label={tr('auth.currentPassword')}
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label={tr('auth.newPassword')}
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={tr('auth.confirmNewPassword')}
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        {touched && problem && (
          <Text c="red.9" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Button type="submit" disabled={!!problem} loading={changePassword.isPending}>
          {tr('auth.changePassword')}
        </Button>
      </Stack>
    </form>
  );
}

export function ChangePasswordCard() {
  const tr = useT();
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        {tr('auth.changeMyPassword')}
      </Title>
      <ChangePasswordForm />
    </Card>
  );
}

/** 'Change My Password' as a button that opens the form in a dialog (the User Management screen). */
export function ChangePasswordDialogButton() {
  const tr = useT();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        {tr('auth.changeMyPassword')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={tr('auth.changeMyPassword')} centered>
        <ChangePasswordForm onDone={() => setOpened(false)} />
      </Modal>
    </>
  );
}
