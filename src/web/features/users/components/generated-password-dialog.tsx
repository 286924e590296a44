// The dashboard's Reset Password: a confirmation, then the password the server generated, shown
// once with a copy button (DESIGN §7: never a fixed default).
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type ManagedUser, userMessages as m } from '../../../../shared/users.ts';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useResetUserPassword } from '../api/reset-password.ts';

export function GeneratedPasswordDialog({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const reset = useResetUserPassword();
  const [password, setPassword] = useState<string | null>(null);
  const confirm = () =>
    reset.mutate(user.id, {
      onSuccess: (result) => {
        setPassword(result.generatedPassword ?? null);
        notifySuccess(m.passwordUpdated);
      },
      onError: (error) => notifyError(errorMessage(error, m.resetPasswordFailed)),
    });

  return (
    <Modal opened onClose={onClose} title={password ? `New password for ${user.name}` : 'Reset Password'} centered>
      {password ? (
        <Stack>
          <Text>
            Give this password to {user.name}. It is shown only now; they are signed out everywhere and sign in with it.
          </Text>
          <Code block fz="lg" ta="center" data-testid="generated-password">
            {password}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={password}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy password'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text>
            Reset the password of {user.name}? A new password is generated and shown once, and {user.name} is signed out
            everywhere.
          </Text>
          <FormError error={reset.error} fallback={m.resetPasswordFailed} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              Cancel
            </Button>
            <Button onClick={confirm} loading={reset.isPending}>
              Reset Password
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
