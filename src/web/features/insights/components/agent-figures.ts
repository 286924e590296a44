// The agents' turnaround and losses as the Market Agents screen lists them (decision 070): grouped by
// business name like the agents' cards (spec §2), and within each group sorted by the figure chosen,
// the worst first.
import type { AgentInsight, LossWeek } from '../../../../shared/insights.ts';

export const agentSorts = ['name', 'turnaround', 'stillOut', 'overdue', 'lossRate'] as const;
export type AgentSort = (typeof agentSorts)[number];

/** Written off ÷ received over the weeks; null with nothing received. */
export function lossRateOf(weeks: readonly LossWeek[]): number | null {
  const received = weeks.reduce((sum, w) => sum + w.received, 0);
  const writtenOff = weeks.reduce((sum, w) => sum + w.writtenOff, 0);
  return received > 0 ? writtenOff / received : null;
}

/** The figure an agent is sorted by (higher is worse); null sorts last. */
function figure(agent: AgentInsight, sort: AgentSort): number | null {
  if (sort === 'turnaround') return agent.turnaround.medianDays;
  if (sort === 'stillOut') return agent.turnaround.stillOut;
  if (sort === 'overdue') return agent.overdueAtClients;
  if (sort === 'lossRate') return lossRateOf(agent.weeks);
  return null;
}

function compare(sort: AgentSort) {
  return (a: AgentInsight, b: AgentInsight) => {
    const byName = a.agentName.localeCompare(b.agentName);
    if (sort === 'name') return byName;
    const [x, y] = [figure(a, sort), figure(b, sort)];
    if (x === y) return byName;
    if (x === null) return 1;
    if (y === null) return -1;
    return y - x;
  };
}

/** Agents by business name (`fallback` for those without one), groups in name order with the fallback last. */
export function groupedAndSorted(
  agents: readonly AgentInsight[],
  sort: AgentSort,
  fallback: string,
): [string, AgentInsight[]][] {
  const groups = new Map<string, AgentInsight[]>();
  for (const agent of agents) {
    const name = agent.businessName?.trim() || fallback;
    groups.set(name, [...(groups.get(name) ?? []), agent]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === fallback ? 1 : b === fallback ? -1 : a.localeCompare(b)))
    .map(([name, members]) => [name, [...members].sort(compare(sort))]);
}
