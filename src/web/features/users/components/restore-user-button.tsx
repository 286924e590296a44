// Restore on a removed user (decision 022): the account comes back with its history and signs in
// with the password it had; the farm store can reset that right after.
import { Button } from '@mantine/core';
import { type ManagedUser, userMessages as m } from '../../../../shared/users.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRestoreUser } from '../api/restore-user.ts';

export function RestoreUserButton({ user }: { user: ManagedUser }) {
  const restore = useRestoreUser();
  return (
    <Button
      variant="light"
      style={{ alignSelf: 'flex-start' }}
      loading={restore.isPending}
      aria-label={`Restore ${user.name}`}
      onClick={() =>
        restore.mutate(user.id, {
          onSuccess: () => notifySuccess(m.restored),
          onError: (error) => notifyError(errorMessage(error, m.restoreFailed)),
        })
      }
    >
      Restore
    </Button>
  );
}
