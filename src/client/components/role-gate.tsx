// Shows a page only to the roles it is for; others see the page's Access Denied message.
import type { ReactNode } from 'react';
import type { Role } from '../../shared/auth.ts';
import { useUser } from '../lib/current-user.tsx';
import { AccessDenied } from './status-screens.tsx';

export function RoleGate({ roles, denied, children }: { roles: Role[]; denied: string; children: ReactNode }) {
  const user = useUser();
  return roles.includes(user.role) ? children : <AccessDenied message={denied} />;
}
