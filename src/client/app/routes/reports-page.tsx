// /reports (farm store): the reports feature with the transmissions' recent activity and the outbox
// of what was e-mailed; also the farm store dashboard's reports tab.
import { Button, Card, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import { RECENT_ACTIVITY_FETCHED, RECENT_ACTIVITY_SHOWN } from '../../../shared/reports.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { RoleGate } from '../../components/role-gate.tsx';
import { OutboxCard } from '../../features/outbox/components/outbox-card.tsx';
import { ReportsContent } from '../../features/reports/pages/reports-page.tsx';
import { useRecentTransmissions } from '../../features/transmissions/api/get-recent-transmissions.ts';
import { TransmissionList } from '../../features/transmissions/components/transmission-list.tsx';
import { paths } from '../paths.ts';

/** Spec §9: the 10 latest of 50 fetched. */
function RecentActivityCard() {
  const recent = useRecentTransmissions(RECENT_ACTIVITY_FETCHED, 'farm_store');
  return (
    <Card withBorder radius="md" p="lg" h="100%">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Recent Transmission Activity
        </Title>
        {/* A button-sized link: 44 px high on a phone like every other control (decision 015). */}
        <Button component={Link} to={paths.transmissions.href()} variant="subtle" size="compact-sm">
          View all
        </Button>
      </Group>
      <TransmissionList transmissions={recent.data?.slice(0, RECENT_ACTIVITY_SHOWN)} isPending={recent.isPending} />
    </Card>
  );
}

export function ReportsScreen() {
  return <ReportsContent recentActivity={<RecentActivityCard />} outbox={<OutboxCard />} />;
}

export function ReportsPage() {
  return (
    <RoleGate permission="read:report:any" denied="This page is only available to farm store administrators.">
      <PageHeader title="Reports" description="Crate movements and agent performance" />
      <ReportsScreen />
    </RoleGate>
  );
}
