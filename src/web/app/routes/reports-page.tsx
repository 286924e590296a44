// /reports (farm store): the reports feature with the transmissions' recent activity and the outbox
// of what was e-mailed; also the farm store dashboard's reports tab.
import { RECENT_ACTIVITY_FETCHED, RECENT_ACTIVITY_SHOWN } from '../../../shared/reports.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { RoleGate } from '../../components/role-gate.tsx';
import { OutboxCard } from '../../features/outbox/components/outbox-card.tsx';
import { ReportsContent } from '../../features/reports/pages/reports-page.tsx';
import { RecentTransmissionsCard } from '../../features/transmissions/components/recent-transmissions-card.tsx';
import { useT } from '../../lib/i18n/use-t.ts';

/** Spec §9: the 10 latest of 50 fetched. */
function RecentActivity() {
  const t = useT();
  return (
    <RecentTransmissionsCard
      role="farm_store"
      fullHeight
      title={t('app.recentActivity')}
      fetched={RECENT_ACTIVITY_FETCHED}
      shown={RECENT_ACTIVITY_SHOWN}
    />
  );
}
const recentActivity = <RecentActivity />;

export function ReportsScreen() {
  return <ReportsContent recentActivity={recentActivity} outbox={<OutboxCard />} />;
}

export function ReportsPage() {
  const t = useT();
  return (
    <RoleGate permission="read:report:any" denied={t('app.reportsDenied')}>
      <PageHeader title={t('app.reportsTitle')} description={t('app.reportsSubtitle')} />
      <ReportsScreen />
    </RoleGate>
  );
}
