// Market agent dashboard (spec §2): dashboard, clients, reports and settings tabs. Only the first
// tab's code comes with the dashboard; each other tab loads when it is first opened (decision 031).
import { DashboardTabs } from '../../../components/dashboard-tabs.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useUser } from '../../../lib/current-user.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';
import { lazyComponent } from '../../../lib/lazy-component.tsx';
import { AgentOverview } from './agent-overview.tsx';

export { prefetchAgentOverview as prefetchFirstTab } from './agent-overview.tsx';

const AgentClientsPanel = lazyComponent(() => import('./agent-clients-panel.tsx').then((m) => m.AgentClientsPanel));
const MyWeeklySummary = lazyComponent(() =>
  import('../../../features/reports/components/my-weekly-summary.tsx').then((m) => m.MyWeeklySummary),
);
const AgentSettingsPanel = lazyComponent(() => import('./agent-settings-panel.tsx').then((m) => m.AgentSettingsPanel));

export function MarketAgentDashboard() {
  const t = useT();
  const user = useUser();
  return (
    <>
      <PageHeader title={t('app.marketAgentDashboard')} description={t('app.welcomeBack', { name: user.name })} />
      <DashboardTabs
        tabs={[
          { value: 'dashboard', label: t('app.tabDashboard'), panel: <AgentOverview /> },
          { value: 'clients', label: t('app.tabClients'), panel: <AgentClientsPanel /> },
          { value: 'reports', label: t('app.tabReports'), panel: <MyWeeklySummary /> },
          { value: 'settings', label: t('app.tabSettings'), panel: <AgentSettingsPanel /> },
        ]}
      />
    </>
  );
}
