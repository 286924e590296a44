// The sidebar's links (spec §2): each shows to those who may use its page, Transmissions with the
// pending count. The farm store also sees what else waits for it (decision 047), in words under the
// link (decision 067): its flagged counts under Transmissions, the supplier crate requests to fulfil
// under Dashboard (where their card is).
import { Badge, NavLink, Stack, Text } from '@mantine/core';
import {
  IconArrowsExchange,
  IconBuildingStore,
  IconChartBar,
  IconFileCheck,
  IconFileImport,
  IconLayoutDashboard,
  IconReceipt2,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { User } from '../../../shared/auth.ts';
import { type Permission, userHasPermission } from '../../../shared/permissions.ts';
import { useActionCounts } from '../../features/transmissions/api/action-counts.ts';
import { usePendingTransmissionCount } from '../../features/transmissions/api/pending-count.ts';
import { useUser } from '../../lib/current-user.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import { paths } from '../paths.ts';

/** `label`: its key in the catalogue; `badges`: the figure at the right (the spec's pending count); `notes`: what else waits, in words, under the label. */
type NavEntry = { to: string; label: string; icon: typeof IconUsers; badges?: ReactNode; notes?: ReactNode };

// Each link shows only to a role that may open its page: the farm store gets the agents,
// billing, reports and user screens, a market agent Clients, a supplier neither (decision 041).
const roleLinks: (NavEntry & { permission: Permission })[] = [
  {
    to: paths.marketAgents.href(),
    label: 'app.navMarketAgents',
    icon: IconBuildingStore,
    permission: 'read:market-agent:any',
  },
  { to: paths.billing.href(), label: 'app.navBilling', icon: IconReceipt2, permission: 'read:billing:any' },
  { to: paths.reports.href(), label: 'app.navReports', icon: IconChartBar, permission: 'read:report:any' },
  {
    to: paths.statements.href(),
    label: 'app.navStatements',
    icon: IconFileCheck,
    permission: 'issue:balance-statement:any',
  },
  {
    to: paths.userManagement.href(),
    label: 'app.navUserManagement',
    icon: IconUsersGroup,
    permission: 'read:user:any',
  },
  { to: paths.imports.href(), label: 'app.navImport', icon: IconFileImport, permission: 'import:records:any' },
  { to: paths.clients.href(), label: 'app.navClients', icon: IconUsers, permission: 'read:client:own' },
];

/** The figures beside the links: the spec's pending count always, the farm store's others when above 0. */
type Waiting = { pending: number; crateRequests: number; flaggedCounts: number };

function linksFor(user: User, waiting: Waiting, t: ReturnType<typeof useT>): NavEntry[] {
  return [
    {
      to: paths.dashboard.href(),
      label: 'app.navDashboard',
      icon: IconLayoutDashboard,
      // In words, on both widths (decision 067): a bare number said nothing to a sighted user.
      notes: waiting.crateRequests > 0 && (
        <Text component="span" size="xs" fw={700} data-testid="crate-requests-badge">
          {t('app.crateRequestsToFulfil', { count: waiting.crateRequests })}
        </Text>
      ),
    },
    {
      to: paths.transmissions.href(),
      label: 'app.navTransmissions',
      icon: IconArrowsExchange,
      notes: waiting.flaggedCounts > 0 && (
        <Text component="span" size="xs" fw={700} data-testid="flagged-counts-badge">
          {t('app.flaggedCountsToResolve', { count: waiting.flaggedCounts })}
        </Text>
      ),
      badges: <PendingBadge count={waiting.pending} />,
    },
    ...roleLinks.filter((link) => userHasPermission(user, link.permission)),
  ];
}

/** The spec's badge: pending transmissions addressed to the user (or, the farm store's, to its role). */
function PendingBadge({ count }: { count: number }) {
  const t = useT();
  return (
    <Badge
      size="sm"
      circle
      color={count ? 'red.9' : 'gray.7'}
      aria-label={t('app.pendingBadge', { count })}
      data-testid="pending-transmissions-badge"
    >
      {count}
    </Badge>
  );
}

/** The links; `onNavigate` folds the sidebar on a phone. */
export function MainNavLinks({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const user = useUser();
  const location = useLocation();
  const pending = usePendingTransmissionCount();
  // Only the farm store resolves flagged counts and fulfils crate requests; no one else asks.
  const { crateRequests, flaggedCounts } = useActionCounts(userHasPermission(user, 'resolve:transmission:any'));
  const isActive = (to: string) =>
    to === paths.dashboard.href()
      ? ['/', '/dashboard', '/login', '/register'].includes(location.pathname)
      : location.pathname === to;
  return (
    <Stack gap={4}>
      {linksFor(user, { pending, crateRequests, flaggedCounts }, t).map((link) => (
        <NavLink
          key={link.to}
          component={Link}
          to={link.to}
          label={t(link.label)}
          leftSection={<link.icon size={18} stroke={1.6} />}
          rightSection={link.badges || null}
          description={link.notes || null}
          // The words at full strength: an active link's description is faded, below contrast.
          styles={{ description: { opacity: 1 } }}
          active={isActive(link.to)}
          onClick={onNavigate}
        />
      ))}
    </Stack>
  );
}
