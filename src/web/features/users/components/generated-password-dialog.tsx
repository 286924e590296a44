// The dashboard's Reset Password: a confirmation, then the password the server generated, shown
// once with a copy button (DESIGN §7: never a fixed default).
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ManagedUser } from '../../../../shared/users.ts';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useResetUserPassword } from '../api/reset-password.ts';

export function GeneratedPasswordDialog({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const t = useT();
  const reset = useResetUserPassword();
  const [password, setPassword] = useState<string | null>(null);
  const confirm = () =>
    reset.mutate(user.id, {
      onSuccess: (result) => {
        setPassword(result.generatedPassword ?? null);
        notifySuccess(translate('users.passwordUpdated'));
      },
      onError: (error) => notifyError(errorMessage(error, translate('users.resetPasswordFailed'))),
    });

  return (
    <Modal
      opened
      onClose={onClose}
      title={password ? t('users.newPasswordFor', { name: user.name }) : t('users.resetPassword')}
      centered
    >
      {password ? (
        <Stack>
          <Text>{t('users.giveThisPassword', { name: user.name })}</Text>
          <Code block fz="lg" ta="center" data-testid="generated-password">
            {password}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={password}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? t('users.copied') : t('users.copyPassword')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t('users.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text>{t('users.resetConfirm', { name: user.name })}</Text>
          <FormError error={reset.error} fallback={t('users.resetPasswordFailed')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button onClick={confirm} loading={reset.isPending}>
              {t('users.resetPassword')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
