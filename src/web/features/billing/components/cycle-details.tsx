// A billing cycle's header card: its dates, rate and status badge, its totals (spec §2) and, once it
// has ended, what was paid (recorded payments only) and what is still owed to how many agents.
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BillingCycle } from '../../../../shared/billing.ts';
import { decimalToCents, formatRandDecimal } from '../../../../shared/money.ts';
import { StatCard } from '../../../components/stat-card.tsx';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { CycleStatusBadge, cycleEnded } from './cycle-status-badge.tsx';

/** "2 agents owed, 1 without bank details" under the amount still owed. */
export function owedHint(
  cycle: Pick<BillingCycle, 'agentsOwed' | 'agentsWithoutBankDetails'>,
  t: (key: string, values?: Record<string, string | number>) => string,
): string | undefined {
  if (cycle.agentsOwed === 0) return undefined;
  const owed = t('billing.agentsOwed', { agents: cycle.agentsOwed });
  return cycle.agentsWithoutBankDetails > 0
    ? `${owed}${t('billing.withoutBankDetails', { count: cycle.agentsWithoutBankDetails })}`
    : owed;
}

/** The cycle's title and status badge, its dates and its rate per crate. */
function CycleHeading({ cycle, title }: { cycle: BillingCycle; title: string }) {
  const t = useT();
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Group gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <CycleStatusBadge status={cycle.status} />
      </Group>
      <Text size="sm">
        <Text span c="dimmed">
          {t('billing.startDateLabel')}{' '}
        </Text>
        <span data-testid="cycle-start">{formatDate(cycle.startDate)}</span>
        <Text span c="dimmed">
          {' '}
          · {t('billing.endDateLabel')}{' '}
        </Text>
        <span data-testid="cycle-end">{formatDate(cycle.endDate)}</span>
      </Text>
      <Text size="sm">
        <Text span c="dimmed">
          {t('billing.ratePerCrateLabel')}{' '}
        </Text>
        <span data-testid="cycle-rate">{formatRandDecimal(cycle.ratePerCrate)}</span>
      </Text>
    </Stack>
  );
}

export function CycleDetails({
  cycle,
  title,
  cratesLabel,
  actions,
}: {
  cycle: BillingCycle;
  title: string;
  /** Current cycle: 'Total returned crates'; previous: 'Crates processed' (spec §2). */
  cratesLabel: string;
  actions?: ReactNode;
}) {
  const t = useT();
  // An active or upcoming cycle can't be paid yet: its paid and owed figures would only say "all of it".
  const showPayments = cycleEnded(cycle.status) || (decimalToCents(cycle.totalPaid) ?? 0) !== 0;
  return (
    <Card withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <CycleHeading cycle={cycle} title={title} />
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      <SimpleGrid cols={{ base: 2, md: showPayments ? 4 : 2 }} spacing="sm">
        <StatCard label={cratesLabel} value={formatCount(cycle.totalCratesReturned)} />
        <StatCard label={t('billing.totalValue')} value={formatRandDecimal(cycle.totalAmount)} />
        {showPayments && (
          <>
            {/* Paid is what the farm store recorded as paid, never the amount billed. */}
            <StatCard label={t('billing.totalPaid')} value={formatRandDecimal(cycle.totalPaid)} />
            <StatCard
              label={t('billing.stillOwed')}
              value={formatRandDecimal(cycle.totalOwed)}
              hint={owedHint(cycle, t)}
            />
          </>
        )}
      </SimpleGrid>
    </Card>
  );
}
