// The market agent dashboard tab: deliveries waiting to be counted on top, then earnings in rand
// (every 5 s) with what was paid and is owed, a reminder to add bank details while money is owed
// without them, the agent's crates, and the 5 most recent transmissions (every 3 s).
import { Alert, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatRandDecimal } from '../../../../shared/money.ts';
import { StatCard } from '../../../components/stat-card.tsx';
import { useEarnings } from '../../../features/agents/api/get-earnings.ts';
import { StockBadge } from '../../../features/agents/components/stock-badge.tsx';
import { BankDetailsReminder } from '../../../features/billing/components/bank-details-reminder.tsx';
import { EarningsHistoryCard } from '../../../features/billing/components/earnings-history-card.tsx';
import { ClientsWithCratesOut } from '../../../features/clients/components/clients-with-crates-out.tsx';
import { IncomingTransmissions } from '../../../features/transmissions/components/incoming-transmissions.tsx';
import { RecentTransmissionsCard } from '../../../features/transmissions/components/recent-transmissions-card.tsx';
import { useMyAgent } from '../../../lib/api/get-my-agent.ts';
import { formatCount } from '../../../lib/format.ts';

export function AgentOverview() {
  const earnings = useEarnings();
  const me = useMyAgent();
  const agent = me.data;

  return (
    <Stack gap="lg">
      {/* The agent's next job first: deliveries waiting to be counted (issue 9). */}
      <IncomingTransmissions role="market_agent" />
      <BankDetailsReminder owed={earnings.data?.totalOwed} />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Card withBorder radius="md" p="md" bg="green.0">
          <Text size="sm" c="dimmed">
            Total earnings
          </Text>
          <Text fw={800} size="xl" data-testid="total-earnings">
            {earnings.data ? formatRandDecimal(earnings.data.totalEarnings) : '…'}
          </Text>
          <Text size="xs" c="dimmed" data-testid="earnings-paid-owed">
            {earnings.data
              ? `${formatRandDecimal(earnings.data.totalPaid)} paid · ${formatRandDecimal(earnings.data.totalOwed)} owed`
              : 'for empty crates returned'}
          </Text>
        </Card>
        <StatCard label="Full crates" value={agent ? formatCount(agent.fullCrates) : '…'} />
        <StatCard label="With clients" value={agent ? formatCount(agent.cratesWithClients) : '…'} />
        <StatCard label="Empty crates" value={agent ? formatCount(agent.emptyCrates) : '…'} hint="ready to return" />
        <StatCard label="Total crates" value={agent ? formatCount(agent.totalCrates) : '…'} />
      </SimpleGrid>
      {agent && (
        <Group gap="xs">
          <Text size="sm">Stock level:</Text>
          <StockBadge level={agent.stockLevel} />
          <Text size="sm" c="dimmed">
            Agent {agent.agentNumber} · {agent.marketName}
          </Text>
        </Group>
      )}
      {me.isError && <Alert color="red">We could not load your crate counts. Retrying…</Alert>}
      <ClientsWithCratesOut />
      <EarningsHistoryCard />
      <RecentTransmissionsCard role="market_agent" />
    </Stack>
  );
}
