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
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';

export function AgentPerformanceCard({ summary }: { summary: ReportSummary | undefined }) {
  const t = useT();
  return (
    <Card withBorder radius="md" p="lg">
      <SectionHeader
        title={t('reports.agentPerformanceSummary')}
        description={
          !summary
            ? t('common.loading')
            : t('reports.agentPerformanceHelp', {
                estimate: summary.cycle
                  ? t('reports.estimateAtRate', { rate: formatRandDecimal(summary.cycle.ratePerCrate) })
                  : t('reports.noEstimate'),
              })
        }
      />
      {!summary ? (
        <Skeleton h={64} />
      ) : summary.agents.length === 0 ? (
        <Text c="gray.7">{t('reports.noAgentsYet')}</Text>
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
  const t = useT();
  const crates = (count: number) => t('common.crates', { count });
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
            {a.agentNumber} · {a.businessName || t('billing.businessTbd')}
          </Text>
        </div>
        <Badge variant="light" color={owed ? 'green' : 'gray'} size="lg" data-testid="agent-owed">
          {t('billing.owedAmount', { amount: formatRandDecimal(a.owedAmount) })}
        </Badge>
      </Group>
      <Text size="sm" mt={6}>
        {t('reports.agentFigures', {
          transmissions: a.transmissions,
          delivered: formatCount(a.cratesDelivered),
          returned: formatCount(a.cratesReturned),
          full: formatCount(a.fullCrates),
          empty: formatCount(a.emptyCrates),
        })}
      </Text>
      <Text size="sm" data-testid="agent-billing">
        {t('reports.billedFor', { amount: formatRandDecimal(a.billedAmount), crates: crates(a.billedCrates) })}
        {a.unbilledCrates > 0 ? t('reports.unbilledPart', { crates: crates(a.unbilledCrates) }) : ''}
        {t('reports.estimatePart', {
          estimate:
            a.earningsEstimate === null ? t('reports.noActiveCycleShort') : formatRandDecimal(a.earningsEstimate),
        })}
      </Text>
      {(a.cratesDamaged !== 0 || a.cratesMissing !== 0) && (
        // Damaged apart from missing (decision 056): both written off, for different reasons.
        <Text size="sm" data-testid="agent-write-offs">
          {t('reports.writtenOff', { damaged: crates(a.cratesDamaged), missing: crates(a.cratesMissing) })}
        </Text>
      )}
    </Paper>
  );
}
