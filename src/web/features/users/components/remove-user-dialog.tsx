// Remove: the spec's question ('Are you sure you want to remove {name} from the system?') and what
// removal really does (decision 039: signed out, history kept, restorable), then the account is
// deactivated and its sessions end.
import { Text } from '@mantine/core';
import { type ManagedUser, userMessages as m } from '../../../../shared/users.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import type { UsersVariant } from '../api/paths.ts';
import { useRemoveUser } from '../api/remove-user.ts';

export function RemoveUserDialog({
  user,
  variant,
  onClose,
}: {
  user: ManagedUser;
  variant: UsersVariant;
  onClose: () => void;
}) {
  const remove = useRemoveUser(variant);
  // The spec names the failure differently on the two screens.
  const failed = variant === 'admin' ? m.removeFailed : m.deleteFailed;
  const confirm = () =>
    remove.mutate(user.id, {
      onSuccess: () => {
        notifySuccess(m.removed);
        onClose();
      },
      onError: (error) => notifyError(errorMessage(error, failed)),
    });

  return (
    <ConfirmDialog
      title="Remove User"
      confirmLabel={`Remove ${user.name}`}
      onConfirm={confirm}
      onClose={onClose}
      loading={remove.isPending}
      destructive
      error={<FormError error={remove.error} fallback={failed} />}
    >
      <Text>{m.confirmRemove(user.name)}</Text>
      <Text size="sm" data-testid="removal-consequences">
        {m.removalConsequences}
      </Text>
    </ConfirmDialog>
  );
}
