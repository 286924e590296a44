// Reset Password on the User Management screen (spec §2, §5): an inline field with Save and Cancel.
// The password is trimmed and must not be empty ('Please enter a new password') nor under 6
// characters; an invalid one shows the message and nothing is sent.
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type ManagedUser, userMessages as m, newPasswordField } from '../../../../shared/users.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateUserPassword } from '../api/update-password.ts';

export function InlinePasswordReset({ user, onDone }: { user: ManagedUser; onDone: () => void }) {
  const update = useUpdateUserPassword();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newPasswordField.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? m.enterNewPassword);
      return;
    }
    update.mutate(
      { id: user.id, newPassword: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(m.passwordUpdated);
          onDone();
        },
        onError: (err) => {
          setError(errorMessage(err, m.updatePasswordFailed));
          notifyError(errorMessage(err, m.updatePasswordFailed));
        },
      },
    );
  };

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="xs">
        <PasswordInput
          label={`New password for ${user.name}`}
          description="They are signed out everywhere and sign in with this password."
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
            Save
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
