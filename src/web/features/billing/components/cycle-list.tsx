// All Cycles: every billing cycle, newest first, with its dates, rate, status, crates and
// amount, what is still owed to how many agents and how many of them lack bank details; each opens.
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { BillingCycle } from '../../../../shared/billing.ts';
import { decimalToCents, formatRandDecimal } from '../../../../shared/money.ts';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useCycles } from '../api/get-cycles.ts';
import { CycleStatusBadge } from './cycle-status-badge.tsx';

// Long: one cycle's card: dates, status, rate and crates, then paid and owed with the way in.
function CycleItem({ cycle, href }: { cycle: BillingCycle; href: string }) {
  const t = useT();
  const owed = (decimalToCents(cycle.totalOwed) ?? 0) > 0;
  const paid = (decimalToCents(cycle.totalPaid) ?? 0) !== 0;
  const period = `${formatDate(cycle.startDate)} – ${formatDate(cycle.endDate)}`;
  return (
    <Card withBorder radius="sm" p="md" component="li" data-testid="cycle-list-item" aria-label={period}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700}>{period}</Text>
            <CycleStatusBadge status={cycle.status} size="sm" />
          </Group>
          <Text size="sm" c="dimmed">
            {t('billing.cycleListLine', {
              rate: formatRandDecimal(cycle.ratePerCrate),
              crates: cycle.totalCratesReturned,
              agents: cycle.agentCount,
            })}
          </Text>
        </Stack>
        <Text fw={800} style={{ whiteSpace: 'nowrap' }} data-testid="cycle-amount">
          {formatRandDecimal(cycle.totalAmount)}
        </Text>
      </Group>
      <Group justify="space-between" align="flex-end" gap="xs" mt="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          {paid && <Text size="sm">{t('billing.paidAmount', { amount: formatRandDecimal(cycle.totalPaid) })}</Text>}
          {owed ? (
            <Text size="sm" fw={700} data-testid="cycle-owed">
              {t('billing.owedToAgents', { amount: formatRandDecimal(cycle.totalOwed), agents: cycle.agentsOwed })}
              {cycle.agentsWithoutBankDetails > 0 &&
                t('billing.withoutBankDetails', { count: cycle.agentsWithoutBankDetails })}
            </Text>
          ) : (
            <Text size="sm" c="dimmed" data-testid="cycle-owed">
              {t('billing.nothingOwedShort')}
            </Text>
          )}
        </Stack>
        <Button component={Link} to={href} variant="light" size="xs">
          {t('billing.openCycle')}
        </Button>
      </Group>
    </Card>
  );
}

export function CycleList({ hrefFor }: { hrefFor: (cycle: BillingCycle) => string }) {
  const t = useT();
  const cycles = useCycles();
  if (cycles.isPending) return <Skeleton height={200} radius="md" />;
  if (cycles.isError) return <Alert color="red">{t('billing.cyclesLoadFailed')}</Alert>;
  if (cycles.data.length === 0) {
    return (
      <Card withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          {t('billing.noCyclesYet')}
        </Text>
      </Card>
    );
  }
  return (
    <SimpleGrid component="ul" cols={{ base: 1, md: 2 }} spacing="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {cycles.data.map((cycle) => (
        <CycleItem key={cycle.id} cycle={cycle} href={hrefFor(cycle)} />
      ))}
    </SimpleGrid>
  );
}
