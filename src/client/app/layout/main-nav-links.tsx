// The sidebar's links (spec §2): each shows to those who may use its page, Transmissions with the
// pending count.
import { Badge, NavLink, Stack } from '@mantine/core';
import {
  IconArrowsExchange,
  IconBuildingStore,
  IconChartBar,
  IconFileImport,
  IconLayoutDashboard,
  IconReceipt2,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import type { User } from '../../../shared/auth.ts';
import { type Permission, userHasPermission } from '../../../shared/permissions.ts';
import { usePendingTransmissionCount } from '../../features/transmissions/api/pending-count.ts';
import { useUser } from '../../lib/current-user.tsx';
import { paths } from '../paths.ts';

type NavEntry = { to: string; label: string; icon: typeof IconUsers; badge?: number };

// Each link shows only to a role that may open its page (issue 25): the farm store gets the agents,
// billing, reports and user screens, a market agent Clients, a supplier neither (decision 041).
const roleLinks: (NavEntry & { permission: Permission })[] = [
  {
    to: paths.marketAgents.href(),
    label: 'Market Agents',
    icon: IconBuildingStore,
    permission: 'read:market-agent:any',
  },
  { to: paths.billing.href(), label: 'Billing', icon: IconReceipt2, permission: 'read:billing:any' },
  { to: paths.reports.href(), label: 'Reports', icon: IconChartBar, permission: 'read:report:any' },
  { to: paths.userManagement.href(), label: 'User Management', icon: IconUsersGroup, permission: 'read:user:any' },
  { to: paths.imports.href(), label: 'Import', icon: IconFileImport, permission: 'import:records:any' },
  { to: paths.clients.href(), label: 'Clients', icon: IconUsers, permission: 'read:client:own' },
];

function linksFor(user: User, pending: number): NavEntry[] {
  return [
    { to: paths.dashboard.href(), label: 'Dashboard', icon: IconLayoutDashboard },
    { to: paths.transmissions.href(), label: 'Transmissions', icon: IconArrowsExchange, badge: pending },
    ...roleLinks.filter((link) => userHasPermission(user, link.permission)),
  ];
}

function PendingBadge({ count }: { count: number }) {
  return (
    <Badge
      size="sm"
      circle
      color={count ? 'red.9' : 'gray.7'}
      aria-label={`${count} pending transmissions`}
      data-testid="pending-transmissions-badge"
    >
      {count}
    </Badge>
  );
}

/** The links; `onNavigate` folds the sidebar on a phone. */
export function MainNavLinks({ onNavigate }: { onNavigate: () => void }) {
  const user = useUser();
  const location = useLocation();
  const pending = usePendingTransmissionCount();
  const isActive = (to: string) =>
    to === paths.dashboard.href()
      ? ['/', '/dashboard', '/login', '/register'].includes(location.pathname)
      : location.pathname === to;
  return (
    <Stack gap={4}>
      {linksFor(user, pending).map((link) => (
        <NavLink
          key={link.to}
          component={Link}
          to={link.to}
          label={link.label}
          leftSection={<link.icon size={18} stroke={1.6} />}
          rightSection={link.badge === undefined ? null : <PendingBadge count={link.badge} />}
          active={isActive(link.to)}
          onClick={onNavigate}
        />
      ))}
    </Stack>
  );
}
