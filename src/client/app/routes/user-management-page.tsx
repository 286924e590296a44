// /user-management: market agents and suppliers, password resets, removal (spec §2).

import { ComingSoon } from '../../components/coming-soon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RoleGate } from '../../components/role-gate.tsx';
import { ChangePasswordCard } from '../../features/auth/components/change-password-form.tsx';

export function UserManagementPage() {
  return (
    <RoleGate permission="read:user:any" denied="Only farm store managers can access user management.">
      <PageHeader title="User Management" description="Market agents and suppliers with accounts" />
      <ComingSoon what="The user list" />
      <div style={{ marginTop: 16 }}>
        <ChangePasswordCard />
      </div>
    </RoleGate>
  );
}
