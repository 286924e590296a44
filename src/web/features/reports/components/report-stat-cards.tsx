// The four stat cards (spec §2) with their changes against the period just before, computed by the
// server (DESIGN §7), and the agents registered this month (farm-wide, so only when all agents are
// shown: for one agent the card compares that agent's activity with the period before).
import { SimpleGrid, Skeleton } from '@mantine/core';
import type { ReportSummary } from '../../../../shared/reports.ts';
import { StatCard } from '../../../components/stat-card.tsx';
import { formatCount } from '../../../lib/format.ts';
import { t as say } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';

const signed = (n: number, unit: string) => `${n > 0 ? '+' : ''}${n}${unit}`;
/**
 * Every card says how it compares 'vs last period' (spec §2). A count that grew from nothing has no
 * percentage (the server answers null): it says so instead of inventing one.
 */
export const vsLast = (change: number | null) =>
  change === null ? say('reports.upFromZero') : say('reports.vsLast', { change: signed(change, '%') });
/** The completion rate changes in percentage points; null when the last period had no transmissions. */
export const vsLastRate = (change: number | null) =>
  change === null
    ? say('reports.noRateThen')
    : say('reports.vsLast', { change: signed(change, say('reports.points')) });

export function ReportStatCards({ summary }: { summary: ReportSummary | undefined }) {
  const t = useT();
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
        label={t('reports.totalTransmissions')}
        value={formatCount(totals.totalTransmissions)}
        hint={vsLast(changes.totalTransmissions)}
      />
      <StatCard
        label={t('reports.cratesMoved')}
        value={formatCount(totals.cratesMoved)}
        hint={vsLast(changes.cratesMoved)}
      />
      <StatCard
        label={t('reports.completionRate')}
        value={`${totals.completionRate}%`}
        hint={vsLastRate(changes.completionRate)}
      />
      <StatCard
        label={t('reports.activeAgents')}
        value={formatCount(totals.activeAgents)}
        hint={
          summary.newAgentsThisMonth === null
            ? vsLast(changes.activeAgents)
            : t('reports.newThisMonth', { n: summary.newAgentsThisMonth })
        }
      />
    </SimpleGrid>
  );
}
