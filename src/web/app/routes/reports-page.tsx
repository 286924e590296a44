// /reports (farm store): the reports feature with the transmissions' recent activity and the outbox
// of what was e-mailed; also the farm store dashboard's reports tab.
import { RECENT_ACTIVITY_FETCHED, RECENT_ACTIVITY_SHOWN } from '../../../shared/reports.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { RoleGate } from '../../components/role-gate.tsx';
import { OutboxCard } from '../../features/outbox/components/outbox-card.tsx';
import { ReportsContent } from '../../features/reports/pages/reports-page.tsx';
import { RecentTransmissionsCard } from '../../features/transmissions/components/recent-transmissions-card.tsx';

/** Spec §9: the 10 latest of 50 fetched. */
const recentActivity = (
  <RecentTransmissionsCard
    role="farm_store"
    fullHeight
    title="Recent Transmission Activity"
    fetched={RECENT_ACTIVITY_FETCHED}
    shown={RECENT_ACTIVITY_SHOWN}
  />
);

export function ReportsScreen() {
  return <ReportsContent recentActivity={recentActivity} outbox={<OutboxCard />} />;
}

export function ReportsPage() {
  return (
    <RoleGate permission="read:report:any" denied="This page is only available to farm store administrators.">
      <PageHeader title="Reports" description="Crate movements and agent performance" />
      <ReportsScreen />
    </RoleGate>
  );
}
