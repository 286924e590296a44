// The signed-in frame (spec §2 Sidebar layout): role links, the pending-transmissions badge, the
// user's name and e-mail, and sign-out. On a phone the sidebar folds behind a burger.
import { AppShell, Badge, Burger, Group, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { roleKeys } from '../../../shared/auth-labels.ts';
import { userHasPermission } from '../../../shared/permissions.ts';
import { DrawnLater } from '../../components/below-the-fold.tsx';
import { LiveUpdatesIndicator } from '../../components/live-updates-indicator.tsx';
import { Logo } from '../../components/logo.tsx';
import { LoadingScreen } from '../../components/status-screens.tsx';
import { ServerUnreachableBanner } from '../../features/auth/components/server-unreachable-banner.tsx';
import { StatementsHeaderLink } from '../../features/balance-statements/components/statements-header-link.tsx';
import { UnreadMessagesLink } from '../../features/contact/components/unread-messages.tsx';
import { OfflineBanner } from '../../features/offline/components/offline-banner.tsx';
import { useUser } from '../../lib/current-user.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import { useOnline } from '../../lib/offline/status.ts';
import { paths } from '../paths.ts';
import { MainNavLinks } from './main-nav-links.tsx';
import { PendingHeaderLink } from './pending-header-link.tsx';
import { SignedInUser } from './signed-in-user.tsx';

/** The header's right side: live or not, and what waits for the user, each a link to it. */
function HeaderStatus() {
  const t = useT();
  const user = useUser();
  return (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
      <LiveUpdatesIndicator />
      <PendingHeaderLink />
      <StatementsHeaderLink
        to={paths.dashboard.href(undefined, 'statements')}
        enabled={userHasPermission(user, 'answer:balance-statement:own')}
      />
      {userHasPermission(user, 'read:contact-message:any') && <UnreadMessagesLink />}
      <Badge variant="light" visibleFrom="xs">
        {t(roleKeys[user.role])}
      </Badge>
    </Group>
  );
}

export function AppLayout() {
  const t = useT();
  const [opened, { toggle, close }] = useDisclosure();
  const online = useOnline();

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('app.toggleNavigation')} />
            {/* The logo gives way on a narrow phone, never the header's numbers (decision 067). */}
            <div style={{ minWidth: 0, overflow: 'hidden' }}>
              <Logo />
            </div>
          </Group>
          <HeaderStatus />
        </Group>
      </AppShell.Header>

      {/* Behind the burger on a phone, off screen: the browser skips its style and layout until it
          slides in (decision 031). */}
      <AppShell.Navbar p="sm" aria-label={t('app.mainNavigation')} style={{ contentVisibility: 'auto' }}>
        {/* Built in the render after the header and the screen (decision 033). */}
        <DrawnLater>
          <AppShell.Section grow component={ScrollArea}>
            <MainNavLinks onNavigate={close} />
          </AppShell.Section>
          <AppShell.Section>
            <SignedInUser />
          </AppShell.Section>
        </DrawnLater>
      </AppShell.Navbar>

      <AppShell.Main>
        {/* In the page's flow under the header, so it pushes the screen down instead of covering it.
            Offline, the offline banner says so (decision 036); the server's banner is for the rest. */}
        {online && <ServerUnreachableBanner />}
        <OfflineBanner />
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
