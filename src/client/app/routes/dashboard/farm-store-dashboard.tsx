// Farm store dashboard (spec §2): dashboard, pricing, users, reports and settings tabs (settings ends
// with Activity, the audit trail: decision 027).
import { Stack } from '@mantine/core';
import { DashboardTabs } from '../../../components/dashboard-tabs.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ActivityLog } from '../../../features/audit/components/activity-log.tsx';
import { ChangePasswordCard } from '../../../features/auth/components/change-password-form.tsx';
import { useUnreadContactCount } from '../../../features/contact/api/get-unread-count.ts';
import { UnreadMessagesBadge } from '../../../features/contact/components/unread-messages.tsx';
import { FarmStockSettings } from '../../../features/crates/components/farm-stock-settings.tsx';
import { CrateAccountCard } from '../../../features/dashboard/components/crate-account-card.tsx';
import { UserList } from '../../../features/users/components/user-list.tsx';
import { useUser } from '../../../lib/current-user.tsx';
import { ReportsScreen } from '../reports-page.tsx';
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
          { value: 'users', label: 'Users', panel: <UserList variant="dashboard" /> },
          { value: 'reports', label: 'Reports', panel: <ReportsScreen /> },
          {
            value: 'settings',
            label: 'Settings',
            panel: (
              <Stack gap="lg">
                <CrateAccountCard />
                <FarmStockSettings />
                <ChangePasswordCard />
                <ActivityLog />
              </Stack>
            ),
          },
        ]}
      />
    </>
  );
}
