// The dashboards' "Recent Transmissions" card: the latest few, with a link to the full screen.
import { Button, Card, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Role } from '../../../../shared/auth.ts';
import { paths } from '../../../app/paths.ts';
import { useRecentTransmissions } from '../api/get-recent-transmissions.ts';
import { TransmissionList } from './transmission-list.tsx';

/** Spec §9: the dashboards show the 5 most recent transmissions. */
export const DASHBOARD_RECENT = 5;

export function RecentTransmissionsCard({ role, fullHeight }: { role: Role; fullHeight?: boolean }) {
  const recent = useRecentTransmissions(DASHBOARD_RECENT, role);
  return (
    <Card withBorder radius="md" p="lg" h={fullHeight ? '100%' : undefined}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Recent Transmissions
        </Title>
        {/* A button-sized link: 44 px high on a phone like every other control (decision 015). */}
        <Button component={Link} to={paths.transmissions.href()} variant="subtle" size="compact-sm">
          View all
        </Button>
      </Group>
      <TransmissionList transmissions={recent.data} isPending={recent.isPending} />
    </Card>
  );
}
