// The four stat cards (spec §2) with their changes against the period just before, computed by the
// server (DESIGN §7), and the agents registered this month (farm-wide, so only when all agents are
// shown: for one agent the card compares that agent's activity with the period before).
import { SimpleGrid, Skeleton } from '@mantine/core';
import type { ReportSummary } from '../../../../shared/reports.ts';
import { StatCard } from '../../../components/stat-card.tsx';
import { formatCount } from '../../../lib/format.ts';

const signed = (n: number, unit: string) => `${n > 0 ? '+' : ''}${n}${unit}`;
/**
 * Every card says how it compares 'vs last period' (spec §2). A count that grew from nothing has no
 * percentage (the server answers null): it says so instead of inventing one.
 */
export const vsLast = (change: number | null) =>
  change === null ? 'Up from 0 vs last period' : `${signed(change, '%')} vs last period`;
/** The completion rate changes in percentage points; null when the last period had no transmissions. */
export const vsLastRate = (change: number | null) =>
  change === null ? '— vs last period (no transmissions then)' : `${signed(change, ' pts')} vs last period`;

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
      <StatCard label="Completion Rate" value={`${totals.completionRate}%`} hint={vsLastRate(changes.completionRate)} />
      <StatCard
        label="Active Agents"
        value={formatCount(totals.activeAgents)}
        hint={
          summary.newAgentsThisMonth === null
            ? vsLast(changes.activeAgents)
            : `+${summary.newAgentsThisMonth} new this month`
        }
      />
    </SimpleGrid>
  );
}
