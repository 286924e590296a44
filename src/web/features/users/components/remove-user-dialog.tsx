// Remove: the spec's question ('Are you sure you want to remove {name} from the system?') and what
// removal really does (decision 039: signed out, history kept, restorable), then the account is
// deactivated and its sessions end.
import { Text } from '@mantine/core';
import type { ManagedUser } from '../../../../shared/users.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
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
  const t = useT();
  const remove = useRemoveUser(variant);
  // The spec names the failure differently on the two screens.
  const failed = t(variant === 'admin' ? 'users.removeFailed' : 'users.deleteFailed');
  const confirm = () =>
    remove.mutate(user.id, {
      onSuccess: () => {
        notifySuccess(translate('users.removed'));
        onClose();
      },
      onError: (error) => notifyError(errorMessage(error, failed)),
    });

  return (
    <ConfirmDialog
      title={t('users.removeUser')}
      confirmLabel={t('users.removeName', { name: user.name })}
      onConfirm={confirm}
      onClose={onClose}
      loading={remove.isPending}
      destructive
      error={<FormError error={remove.error} fallback={failed} />}
    >
      <Text>{t('users.confirmRemove', { name: user.name })}</Text>
      <Text size="sm" data-testid="removal-consequences">
        {t('users.removalConsequences')}
      </Text>
    </ConfirmDialog>
  );
}
