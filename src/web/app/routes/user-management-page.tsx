// /user-management (spec §2): the farm store's list of market agents and suppliers with inline
// password resets and removal, and 'Change My Password'. Others see Access Denied.
import { userMessages } from '../../../shared/users.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { RoleGate } from '../../components/role-gate.tsx';
import { ChangePasswordDialogButton } from '../../features/auth/components/change-password-form.tsx';
import { UserList } from '../../features/users/components/user-list.tsx';

export function UserManagementPage() {
  return (
    <RoleGate permission="read:user:any" denied={userMessages.accessDenied}>
      <PageHeader
        title="User Management"
        description="Market agents and suppliers with accounts"
        actions={<ChangePasswordDialogButton />}
      />
      <UserList variant="admin" />
    </RoleGate>
  );
}
