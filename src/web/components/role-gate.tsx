// Shows a page only to those whose role has its permission (the one table in src/shared/permissions.ts);
// others see the page's Access Denied message.
import type { ReactNode } from 'react';
import { type Permission, userHasPermission } from '../../shared/permissions.ts';
import { useUser } from '../lib/current-user.tsx';
import { AccessDenied } from './status-screens.tsx';

export function RoleGate({
  permission,
  denied,
  children,
}: {
  permission: Permission;
  denied: string;
  children: ReactNode;
}) {
  const user = useUser();
  return userHasPermission(user, permission) ? children : <AccessDenied message={denied} />;
}
