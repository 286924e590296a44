// Agent Performance Summary (spec §2): each agent's transmissions and crates in the period, what it
// holds now, what billing says (billed for returns counted in the period, owed now: sums of billing
// lines and recorded payments) and the spec's earnings estimate (empty crates still held × the active
// cycle's rate), and crates marked damaged apart from those missing at stock takes (decision 056).
// Amounts are exact decimal strings, shown and compared through money.ts. An agent the farm store
// removed shows 'Removed' (decision 039).
import { Badge, Card, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { decimalToCents, formatRandDecimal } from '../../../../shared/money.ts';
import type { ReportSummary } from '../../../../shared/reports.ts';
import { SectionHeader } from '../../../components/page-header.tsx';
import { RemovedBadge } from '../../../components/removed-badge.tsx';
import { crates, formatCount, plural } from '../../../lib/format.ts';

export function AgentPerformanceCard({ summary }: { summary: ReportSummary | undefined }) {
  return (
    <Card withBorder radius="md" p="lg">
      <SectionHeader
        title="Agent Performance Summary"
        description={
          !summary
            ? 'Loading…'
            : `Billed: returns counted in this period, at their cycle's rate. Owed: billed in every cycle less recorded payments. ${
                summary.cycle
                  ? `Earnings est.: empty crates still held × the current rate of ${formatRandDecimal(summary.cycle.ratePerCrate)} per crate.`
                  : 'No active billing cycle: no earnings estimate.'
              }`
        }
      />
      {!summary ? (
        <Skeleton h={64} />
      ) : summary.agents.length === 0 ? (
        <Text c="gray.7">No market agents yet.</Text>
      ) : (
        <Stack gap="sm">
          {summary.agents.map((a) => (
            <AgentPerformanceRow key={a.marketAgentId} agent={a} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** One agent's figures for the period. */
function AgentPerformanceRow({ agent: a }: { agent: ReportSummary['agents'][number] }) {
  const owed = (decimalToCents(a.owedAmount) ?? 0) > 0;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="agent-performance-row">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Group gap={6}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {a.agentName}
            </Text>
            {!a.isActive && <RemovedBadge />}
          </Group>
          <Text size="sm" c="gray.7">
            {a.agentNumber} · {a.businessName || 'Business TBD'}
          </Text>
        </div>
        <Badge variant="light" color={owed ? 'green' : 'gray'} size="lg" data-testid="agent-owed">
          Owed {formatRandDecimal(a.owedAmount)}
        </Badge>
      </Group>
      <Text size="sm" mt={6}>
        {formatCount(a.transmissions)} {plural(a.transmissions, 'transmission')} · {formatCount(a.cratesDelivered)}{' '}
        delivered · {formatCount(a.cratesReturned)} returned · {formatCount(a.fullCrates)} full ·{' '}
        {formatCount(a.emptyCrates)} empty
      </Text>
      <Text size="sm" data-testid="agent-billing">
        Billed {formatRandDecimal(a.billedAmount)} for {crates(a.billedCrates)}
        {a.unbilledCrates > 0 ? ` · ${crates(a.unbilledCrates)} not yet in a billing cycle` : ''} · Earnings est.{' '}
        {a.earningsEstimate === null ? 'no active cycle' : formatRandDecimal(a.earningsEstimate)}
      </Text>
      {(a.cratesDamaged !== 0 || a.cratesMissing !== 0) && (
        // Damaged apart from missing (decision 056): both written off, for different reasons.
        <Text size="sm" data-testid="agent-write-offs">
          Written off: {crates(a.cratesDamaged)} marked damaged · {crates(a.cratesMissing)} missing at stock takes
        </Text>
      )}
    </Paper>
  );
}
