// Restore on a removed user (decision 022): the account comes back with its history and signs in
// with the password it had; the farm store can reset that right after.
import { Button } from '@mantine/core';
import type { ManagedUser } from '../../../../shared/users.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRestoreUser } from '../api/restore-user.ts';

export function RestoreUserButton({ user }: { user: ManagedUser }) {
  const t = useT();
  const restore = useRestoreUser();
  return (
    <Button
      variant="light"
      style={{ alignSelf: 'flex-start' }}
      loading={restore.isPending}
      aria-label={t('users.restoreName', { name: user.name })}
      onClick={() =>
        restore.mutate(user.id, {
          onSuccess: () => notifySuccess(translate('users.restored')),
          onError: (error) => notifyError(errorMessage(error, translate('users.restoreFailed'))),
        })
      }
    >
      {t('users.restore')}
    </Button>
  );
}
