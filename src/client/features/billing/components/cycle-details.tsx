// A billing cycle's header card: its dates, rate and status badge, and its totals (spec §2).
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type BillingCycle, billingMessages as m } from '../../../../shared/billing.ts';
import { formatRandDecimal } from '../../../../shared/money.ts';
import { StatCard } from '../../../components/stat-card.tsx';
import { formatCount, formatDate } from '../../../lib/format.ts';

export function CycleDetails({
  cycle,
  title,
  totalsLabels,
  actions,
}: {
  cycle: BillingCycle;
  title: string;
  /** Current cycle: 'Total returned crates' / 'Total value'; previous: 'Crates processed' / 'Total paid'. */
  totalsLabels: { crates: string; amount: string };
  actions?: ReactNode;
}) {
  const active = cycle.status === 'active';
  return (
    <Card withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2} size="h4">
              {title}
            </Title>
            {/* tt none: the badge reads 'Active Cycle' as the spec writes it, not in capitals. */}
            <Badge color={active ? 'green' : 'gray'} variant="light" data-testid="cycle-status">
              {active ? m.activeBadge : m.completedBadge}
            </Badge>
          </Group>
          <Text size="sm">
            <Text span c="dimmed">
              Start date:{' '}
            </Text>
            <span data-testid="cycle-start">{formatDate(cycle.startDate)}</span>
            <Text span c="dimmed">
              {' '}
              · End date:{' '}
            </Text>
            <span data-testid="cycle-end">{formatDate(cycle.endDate)}</span>
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Rate per crate:{' '}
            </Text>
            <span data-testid="cycle-rate">{formatRandDecimal(cycle.ratePerCrate)}</span>
          </Text>
        </Stack>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <StatCard label={totalsLabels.crates} value={formatCount(cycle.totalCratesReturned)} />
        <StatCard label={totalsLabels.amount} value={formatRandDecimal(cycle.totalAmount)} />
      </SimpleGrid>
    </Card>
  );
}
