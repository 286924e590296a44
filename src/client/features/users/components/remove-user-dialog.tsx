// Remove: the spec's confirmation ('Are you sure you want to remove {name} from the system? This
// action cannot be undone.'), then the account is deactivated and its sessions end.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ManagedUser, userMessages as m } from '../../../../shared/users.ts';
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
    <Modal opened onClose={onClose} title="Remove User" centered>
      <Stack>
        <Text>{m.confirmRemove(user.name)}</Text>
        <Text size="sm" c="dimmed">
          They are signed out at once and can no longer sign in. Their transmissions, crates and billing stay on record.
        </Text>
        <FormError error={remove.error} fallback={failed} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red.8" onClick={confirm} loading={remove.isPending}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
