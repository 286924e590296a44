// The Market Agents screen's turnaround and losses: grouped by business, sorted within each group by
// the figure chosen, worst first, agents without the figure last.
import { describe, expect, it } from 'vitest';
import type { AgentInsight } from '../../../../shared/insights.ts';
import { groupedAndSorted, lossRateOf } from './agent-figures.ts';

const agent = (
  agentName: string,
  businessName: string | null,
  { days = null as number | null, out = 0, overdue = 0, received = 0, writtenOff = 0 } = {},
): AgentInsight => ({
  marketAgentId: agentName.length,
  agentName,
  businessName,
  turnaround: { medianDays: days, cratesBack: 0, stillOut: out, stillOutMedianDays: null, stillOutOldestDays: null },
  overdueAtClients: overdue,
  weeks: [{ weekStart: '2026-11-23', received, writtenOff, lossRate: null }],
  lossFlagged: false,
});

const names = (groups: [string, AgentInsight[]][]) =>
  groups.map(([g, members]) => [g, members.map((m) => m.agentName)]);

describe('groupedAndSorted', () => {
  const agents = [
    agent('Zola', 'Beta', { days: 5, out: 10, received: 100, writtenOff: 1 }),
    agent('Anna', 'Beta', { days: 12, out: 3, received: 100, writtenOff: 9 }),
    agent('Bongi', null, { days: null, out: 40 }),
    agent('Carel', 'Alpha', { days: 7, overdue: 6 }),
  ];

  it('groups by business name, the fallback last, and sorts by name', () => {
    expect(names(groupedAndSorted(agents, 'name', 'Business TBD'))).toEqual([
      ['Alpha', ['Carel']],
      ['Beta', ['Anna', 'Zola']],
      ['Business TBD', ['Bongi']],
    ]);
  });

  it('sorts each group by the figure, worst first, missing figures last', () => {
    const mixed = [...agents, agent('Dumi', 'Beta', { days: null })];
    expect(names(groupedAndSorted(mixed, 'turnaround', '?'))[1]).toEqual(['Beta', ['Anna', 'Zola', 'Dumi']]);
    expect(names(groupedAndSorted(mixed, 'stillOut', '?'))[1]).toEqual(['Beta', ['Zola', 'Anna', 'Dumi']]);
    expect(names(groupedAndSorted(mixed, 'lossRate', '?'))[1]).toEqual(['Beta', ['Anna', 'Zola', 'Dumi']]);
  });

  it('loss rate over the weeks: written off ÷ received, none without receipts', () => {
    expect(lossRateOf(agents[1]!.weeks)).toBe(0.09);
    expect(lossRateOf(agents[2]!.weeks)).toBeNull();
  });
});
