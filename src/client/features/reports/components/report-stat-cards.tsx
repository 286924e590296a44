// The four stat cards (spec §2) with their changes against the period just before, computed by the
// server (DESIGN §7), and the agents registered this month.
import { SimpleGrid, Skeleton } from '@mantine/core';
import type { ReportSummary } from '../../../../shared/reports.ts';
import { StatCard } from '../../../components/stat-card.tsx';
import { formatCount } from '../../../lib/format.ts';

const signed = (n: number, unit: string) => `${n > 0 ? '+' : ''}${n}${unit}`;
const vsLast = (change: number | null, unit = '%') =>
  change === null ? 'No earlier data to compare' : `${signed(change, unit)} vs last period`;

export function ReportStatCards({ summary }: { summary: ReportSummary | undefined }) {
  if (!summary) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={96} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const { totals, changes } = summary;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <StatCard
        label="Total Transmissions"
        value={formatCount(totals.totalTransmissions)}
        hint={vsLast(changes.totalTransmissions)}
      />
      <StatCard label="Crates Moved" value={formatCount(totals.cratesMoved)} hint={vsLast(changes.cratesMoved)} />
      <StatCard
        label="Completion Rate"
        value={`${totals.completionRate}%`}
        hint={vsLast(changes.completionRate, ' pts')}
      />
      <StatCard
        label="Active Agents"
        value={formatCount(totals.activeAgents)}
        hint={`+${summary.newAgentsThisMonth} new this month`}
      />
    </SimpleGrid>
  );
}
