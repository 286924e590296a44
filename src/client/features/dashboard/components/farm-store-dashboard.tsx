// Farm store dashboard (spec §2): dashboard, pricing, users, reports and settings tabs.
import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header.tsx';
import { useUser } from '../../auth/api.ts';
import { ChangePasswordCard } from '../../auth/components/change-password-form.tsx';
import { useUnreadContactCount } from '../../contact/api/get-unread-count.ts';
import { UnreadMessagesBadge } from '../../contact/components/unread-messages.tsx';
import { FarmStockSettings } from '../../crates/components/farm-stock-settings.tsx';
import { ComingSoon } from './coming-soon.tsx';
import { CrateAccountCard } from './crate-account-card.tsx';
import { DashboardTabs } from './dashboard-tabs.tsx';
import { FarmOverview } from './farm-overview.tsx';
import { FarmPricingPanel } from './farm-pricing-panel.tsx';

export function FarmStoreDashboard() {
  const user = useUser();
  const unread = useUnreadContactCount();
  return (
    <>
      <PageHeader title="Farm Store Dashboard" description={`Welcome back, ${user.name}`} />
      <DashboardTabs
        tabs={[
          { value: 'dashboard', label: 'Dashboard', panel: <FarmOverview /> },
          {
            value: 'pricing',
            label: 'Pricing',
            panel: <FarmPricingPanel />,
            badge: unread > 0 ? <UnreadMessagesBadge count={unread} /> : undefined,
          },
          { value: 'users', label: 'Users', panel: <ComingSoon what="The user list" /> },
          { value: 'reports', label: 'Reports', panel: <ComingSoon what="Reports" /> },
          {
            value: 'settings',
            label: 'Settings',
            panel: (
              <Stack gap="lg">
                <CrateAccountCard />
                <FarmStockSettings />
                <ChangePasswordCard />
              </Stack>
            ),
          },
        ]}
      />
    </>
  );
}
