// The dashboards' "Recent Transmissions" card: the latest few, with a link to the full screen.
import { Button, Card, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Role } from '../../../../shared/auth.ts';
import { DASHBOARD_RECENT_TRANSMISSIONS } from '../../../../shared/transmissions-labels.ts';
import { paths } from '../../../app/paths.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useRecentTransmissions } from '../api/get-recent-transmissions.ts';
import { TransmissionList } from './transmission-list.tsx';

/**
 * `fetched`: how many to read (the dashboards' 5 by default); `shown`: how many of those to list (all).
 * The reports screen reads 50 and lists 10 under its own title.
 */
export function RecentTransmissionsCard({
  role,
  fullHeight,
  title,
  fetched = DASHBOARD_RECENT_TRANSMISSIONS,
  shown,
}: {
  role: Role;
  fullHeight?: boolean;
  title?: string;
  fetched?: number;
  shown?: number;
}) {
  const t = useT();
  const recent = useRecentTransmissions(fetched, role);
  return (
    <Card withBorder radius="md" p="lg" h={fullHeight ? '100%' : undefined}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title ?? t('transmissions.recentTitle')}
        </Title>
        {/* A button-sized link: 44 px high on a phone like every other control (decision 015). */}
        <Button component={Link} to={paths.transmissions.href()} variant="subtle" size="compact-sm">
          {t('transmissions.viewAll')}
        </Button>
      </Group>
      <TransmissionList transmissions={recent.data?.slice(0, shown)} isPending={recent.isPending} />
    </Card>
  );
}
