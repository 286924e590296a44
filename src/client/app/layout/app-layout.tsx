// The signed-in frame (spec §2 Sidebar layout): role links, the pending-transmissions badge, the
// user's name and e-mail, and sign-out. On a phone the sidebar folds behind a burger.
import { AppShell, Avatar, Badge, Burger, Button, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowsExchange,
  IconBuildingStore,
  IconChartBar,
  IconLayoutDashboard,
  IconLogout,
  IconReceipt2,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { roleLabels } from '../../../shared/auth.ts';
import { type Permission, userHasPermission } from '../../../shared/permissions.ts';
import { LiveUpdatesIndicator } from '../../components/live-updates-indicator.tsx';
import { Logo } from '../../components/logo.tsx';
import { LoadingScreen } from '../../components/status-screens.tsx';
import { useLogout } from '../../features/auth/api.ts';
import { UnreadMessagesLink } from '../../features/contact/components/unread-messages.tsx';
import { usePendingTransmissionCount } from '../../features/transmissions/api/pending-count.ts';
import { useUser } from '../../lib/current-user.tsx';
import { paths } from '../paths.ts';
import { PendingHeaderLink } from './pending-header-link.tsx';

export function AppLayout() {
  const user = useUser();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const pending = usePendingTransmissionCount();

  // Each link shows to those who may use its page (spec §2: the farm store gets the agents, billing,
  // reports and user screens; every other role gets Clients, whose page says who it is for).
  const farmLinks: { to: string; label: string; icon: typeof IconUsers; permission: Permission }[] = [
    {
      to: paths.marketAgents.href(),
      label: 'Market Agents',
      icon: IconBuildingStore,
      permission: 'read:market-agent:any',
    },
    { to: paths.billing.href(), label: 'Billing', icon: IconReceipt2, permission: 'read:billing:any' },
    { to: paths.reports.href(), label: 'Reports', icon: IconChartBar, permission: 'read:report:any' },
    { to: paths.userManagement.href(), label: 'User Management', icon: IconUsersGroup, permission: 'read:user:any' },
  ];
  const links = [
    { to: paths.dashboard.href(), label: 'Dashboard', icon: IconLayoutDashboard },
    { to: paths.transmissions.href(), label: 'Transmissions', icon: IconArrowsExchange, badge: pending },
    ...farmLinks.filter((link) => userHasPermission(user, link.permission)),
    ...(userHasPermission(user, 'read:market-agent:any')
      ? []
      : [{ to: paths.clients.href(), label: 'Clients', icon: IconUsers }]),
  ];
  const isActive = (to: string) =>
    to === paths.dashboard.href()
      ? ['/', '/dashboard', '/login', '/register'].includes(location.pathname)
      : location.pathname === to;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Logo />
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <LiveUpdatesIndicator />
            <PendingHeaderLink />
            {userHasPermission(user, 'read:contact-message:any') && <UnreadMessagesLink />}
            <Badge variant="light" visibleFrom="xs">
              {roleLabels[user.role]}
            </Badge>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Main navigation">
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={4}>
            {links.map((link) => (
              <NavLink
                key={link.to}
                component={Link}
                to={link.to}
                label={link.label}
                leftSection={<link.icon size={18} stroke={1.6} />}
                rightSection={
                  'badge' in link ? (
                    <Badge
                      size="sm"
                      circle
                      color={link.badge ? 'red.9' : 'gray.7'}
                      aria-label={`${link.badge} pending transmissions`}
                      data-testid="pending-transmissions-badge"
                    >
                      {link.badge}
                    </Badge>
                  ) : null
                }
                active={isActive(link.to)}
                onClick={close}
              />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section>
          <Group gap="sm" wrap="nowrap" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Avatar color="green" radius="xl">
              {user.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {user.email}
              </Text>
            </div>
          </Group>
          <Button
            fullWidth
            variant="light"
            color="gray"
            leftSection={<IconLogout size={16} />}
            loading={logout.isPending}
            onClick={() => logout.mutate(undefined, { onSettled: () => navigate(paths.home.href()) })}
          >
            Sign Out
          </Button>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
