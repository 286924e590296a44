// Farm store dashboard (spec §2): dashboard, pricing, messages, users, reports and settings tabs (the
// messages tab is ours, decision 043; settings ends with Activity, the audit trail: decision 027). Only the first tab's code comes with the dashboard;
// each other tab loads when it is first opened (decision 031).
import { DashboardTabs } from '../../../components/dashboard-tabs.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useUnreadContactCount } from '../../../features/contact/api/get-unread-count.ts';
import { UnreadMessagesBadge } from '../../../features/contact/components/unread-messages.tsx';
import { useUser } from '../../../lib/current-user.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';
import { lazyComponent } from '../../../lib/lazy-component.tsx';
import { FarmOverview } from './farm-overview.tsx';

export { prefetchFarmOverview as prefetchFirstTab } from './farm-overview.tsx';

const FarmPricingPanel = lazyComponent(() => import('./farm-pricing-panel.tsx').then((m) => m.FarmPricingPanel));
const FarmMessagesPanel = lazyComponent(() => import('./farm-messages-panel.tsx').then((m) => m.FarmMessagesPanel));
const UserList = lazyComponent(() =>
  import('../../../features/users/components/user-list.tsx').then((m) => m.UserList),
);
const ReportsScreen = lazyComponent(() => import('../reports-page.tsx').then((m) => m.ReportsScreen));
const FarmSettingsPanel = lazyComponent(() => import('./farm-settings-panel.tsx').then((m) => m.FarmSettingsPanel));

// Made once: the unread count's answer re-renders the tab list, not the open tab's content.
const panels = {
  dashboard: <FarmOverview />,
  pricing: <FarmPricingPanel />,
  messages: <FarmMessagesPanel />,
  users: <UserList variant="dashboard" />,
  reports: <ReportsScreen />,
  settings: <FarmSettingsPanel />,
};

export function FarmStoreDashboard() {
  const t = useT();
  const user = useUser();
  const unread = useUnreadContactCount();
  return (
    <>
      <PageHeader title={t('app.farmStoreDashboard')} description={t('app.welcomeBack', { name: user.name })} />
      <DashboardTabs
        tabs={[
          { value: 'dashboard', label: t('app.tabDashboard'), panel: panels.dashboard },
          { value: 'pricing', label: t('app.tabPricing'), panel: panels.pricing },
          {
            value: 'messages',
            label: t('app.tabMessages'),
            panel: panels.messages,
            badge: unread > 0 ? <UnreadMessagesBadge count={unread} /> : undefined,
          },
          { value: 'users', label: t('app.tabUsers'), panel: panels.users },
          { value: 'reports', label: t('app.tabReports'), panel: panels.reports },
          { value: 'settings', label: t('app.tabSettings'), panel: panels.settings },
        ]}
      />
    </>
  );
}
