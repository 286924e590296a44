// Agent Performance Summary (spec §2): each agent's transmissions and crates in the period, what it
// holds now, and its earnings estimate (empty crates × the active cycle's rate, exact via money.ts).
import { Badge, Card, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatRandDecimal } from '../../../../shared/money.ts';
import type { ReportSummary } from '../../../../shared/reports.ts';
import { formatCount, plural } from '../../../lib/format.ts';

export function AgentPerformanceCard({ summary }: { summary: ReportSummary | undefined }) {
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap={4} mb="md">
        <Title order={2} size="h4">
          Agent Performance Summary
        </Title>
        <Text size="sm" c="gray.7">
          {!summary
            ? 'Loading…'
            : summary.cycle
              ? `Earnings estimate: empty crates × the current rate of ${formatRandDecimal(summary.cycle.ratePerCrate)} per crate.`
              : 'No active billing cycle: earnings cannot be estimated until one is created.'}
        </Text>
      </Stack>
      {!summary ? (
        <Skeleton h={64} />
      ) : summary.agents.length === 0 ? (
        <Text c="gray.7">No market agents yet.</Text>
      ) : (
        <Stack gap="sm">
          {summary.agents.map((a) => (
            <Paper key={a.marketAgentId} withBorder p="sm" radius="md" data-testid="agent-performance-row">
              <Group justify="space-between" align="flex-start" gap="xs">
                <div style={{ minWidth: 0, flex: '1 1 200px' }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {a.agentName}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {a.agentNumber} · {a.businessName || 'Business TBD'}
                  </Text>
                </div>
                <Badge variant="light" color={a.earningsEstimate === null ? 'gray' : 'green'} size="lg">
                  {a.earningsEstimate === null ? 'No active cycle' : formatRandDecimal(a.earningsEstimate)}
                </Badge>
              </Group>
              <Text size="sm" mt={6}>
                {formatCount(a.transmissions)} {plural(a.transmissions, 'transmission')} ·{' '}
                {formatCount(a.cratesDelivered)} delivered · {formatCount(a.cratesReturned)} returned ·{' '}
                {formatCount(a.fullCrates)} full · {formatCount(a.emptyCrates)} empty
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Card>
  );
}
