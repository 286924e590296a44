// Reset Password on the User Management screen (spec §2, §5): an inline field with Save and Cancel.
// The password is trimmed and must not be empty ('Please enter a new password') nor under 6
// characters; an invalid one shows the message and nothing is sent.
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type ManagedUser, newPasswordField } from '../../../../shared/users.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { translateEnglish } from '../../../lib/i18n/english-messages.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateUserPassword } from '../api/update-password.ts';

export function InlinePasswordReset({ user, onDone }: { user: ManagedUser; onDone: () => void }) {
  const t = useT();
  const update = useUpdateUserPassword();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newPasswordField.safeParse(value);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message ? translateEnglish(message) : t('users.enterNewPassword'));
      return;
    }
    update.mutate(
      { id: user.id, newPassword: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(translate('users.passwordUpdated'));
          onDone();
        },
        onError: (err) => {
          setError(errorMessage(err, translate('users.updatePasswordFailed')));
          notifyError(errorMessage(err, translate('users.updatePasswordFailed')));
        },
      },
    );
  };

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="xs">
        <PasswordInput
          label={t('users.newPasswordFor', { name: user.name })}
          description={t('users.signedOutEverywhere')}
          autoComplete="new-password"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          // The field appears because the person asked for it: typing goes straight into it.
          autoFocus
        />
        <Group gap="xs">
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
