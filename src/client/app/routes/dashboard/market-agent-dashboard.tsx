// Market agent dashboard (spec §2): dashboard, clients, reports and settings tabs.

import { Stack } from '@mantine/core';
import { DashboardTabs } from '../../../components/dashboard-tabs.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ChangePasswordCard } from '../../../features/auth/components/change-password-form.tsx';
import { BankDetailsCard } from '../../../features/billing/components/bank-details-card.tsx';
import { MyWeeklySummary } from '../../../features/reports/components/my-weekly-summary.tsx';
import { useUser } from '../../../lib/current-user.tsx';
import { AgentClientsPanel } from './agent-clients-panel.tsx';
import { AgentOverview } from './agent-overview.tsx';

export function MarketAgentDashboard() {
  const user = useUser();
  return (
    <>
      <PageHeader title="Market Agent Dashboard" description={`Welcome back, ${user.name}`} />
      <DashboardTabs
        tabs={[
          { value: 'dashboard', label: 'Dashboard', panel: <AgentOverview /> },
          { value: 'clients', label: 'Clients', panel: <AgentClientsPanel /> },
          { value: 'reports', label: 'Reports', panel: <MyWeeklySummary /> },
          {
            value: 'settings',
            label: 'Settings',
            panel: (
              <Stack gap="lg">
                <BankDetailsCard />
                <ChangePasswordCard />
              </Stack>
            ),
          },
        ]}
      />
    </>
  );
}
