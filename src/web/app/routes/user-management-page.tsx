// /user-management (spec §2): the farm store's list of market agents and suppliers with inline
// password resets and removal, and 'Change My Password'. Others see Access Denied.
import { PageHeader } from '../../components/page-header.tsx';
import { RoleGate } from '../../components/role-gate.tsx';
import { ChangePasswordDialogButton } from '../../features/auth/components/change-password-form.tsx';
import { UserList } from '../../features/users/components/user-list.tsx';
import { useT } from '../../lib/i18n/use-t.ts';

export function UserManagementPage() {
  const t = useT();
  return (
    <RoleGate permission="read:user:any" denied={t('users.accessDenied')}>
      <PageHeader title={t('users.title')} description={t('users.subtitle')} actions={<ChangePasswordDialogButton />} />
      <UserList variant="admin" />
    </RoleGate>
  );
}
