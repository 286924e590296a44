// Crates at a glance (decision 070): the weekly holdings, each agent's turnaround and losses
// against the farm's, and next week's forecast. The farm store sees every agent; an agent only its own
// row beside the farm's figures, never another agent's name.
import {
  type AgentForecast,
  type AgentInsight,
  type AgentInsightsResponse,
  type ForecastResponse,
  type HoldingsWeek,
  holdingKinds,
  type LossWeek,
} from '../../../shared/insights.ts';
import type { Executor } from '../../db/client.ts';
import { addDays, farmToday } from '../../lib/farm-date.ts';
import { type Caller, ownMarketAgentId } from '../../lib/ownership.ts';
import { overdueAtClientsByAgent } from '../clients/overdue.ts';
import * as crates from '../crates/service.ts';
import * as repo from './repository.ts';
import * as rules from './rules.ts';
import { fromTotals } from './totals.ts';

/** Weeks of history the forecast reads (complete weeks before this one). */
export const FORECAST_HISTORY_WEEKS = 26;

const EPOCH = Date.UTC(2000, 0, 1);
const DAY_MS = 86_400_000;

/**
 * Where the figures come from (decision 078): the totals the ledger keeps at write time when they are
 * kept in the farm's time zone, else (a moment after FARM_TIMEZONE changed, before the start rebuilt
 * them) the movements themselves. The same figures either way.
 */
export async function figureSource(db: Executor, timeZone: string): Promise<repo.FigureSource> {
  return (await crates.insightTotalsZone(db)) === timeZone ? fromTotals : repo.fromMovements;
}

/** This week's Monday and the `weeks - 1` before it, oldest first (YYYY-MM-DD, farm calendar). */
export function weekStarts(today: string, weeks: number): string[] {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const monday = addDays(today, -weekday);
  return Array.from({ length: weeks }, (_, i) => addDays(monday, -7 * (weeks - 1 - i)));
}

/** The farm's crates week by week; an agent's: only its own (full, empty, at its clients). */
export async function holdings(
  db: Executor,
  caller: Caller,
  timeZone: string,
  weeks: number,
  source?: repo.FigureSource,
): Promise<{ weeks: HoldingsWeek[] }> {
  const own = caller.role === 'farm_store' ? undefined : ownMarketAgentId(caller);
  const rows = await (source ?? (await figureSource(db, timeZone))).holdingsByWeek(db, timeZone, weeks, own);
  const now = new Map<string, number>();
  const moved = new Map<string, Map<string, number>>();
  for (const r of rows) {
    if (r.weekStart === null) now.set(r.kind, r.crates);
    else moved.set(r.weekStart, (moved.get(r.weekStart) ?? new Map()).set(r.kind, r.crates));
  }
  const starts = weekStarts(farmToday(timeZone), weeks);
  const ends = rules.holdingsAtWeekEnds(starts, now, moved);
  return {
    weeks: starts.map((weekStart, i) => {
      const k = ends[i]!;
      const damaged = k.get('damaged') ?? 0;
      const figures = {
        farm: k.get('farm') ?? 0,
        inTransit: k.get('inTransit') ?? 0,
        agentsFull: k.get('agentsFull') ?? 0,
        agentsEmpty: k.get('agentsEmpty') ?? 0,
        atClients: k.get('atClients') ?? 0,
        withSuppliers: k.get('withSuppliers') ?? 0,
        missing: (k.get('writtenOff') ?? 0) - damaged,
        damaged,
      };
      const total = holdingKinds.reduce((sum, kind) => sum + figures[kind], 0);
      return { weekStart, ...figures, total };
    }),
  };
}

/** Each agent's loss weeks over `starts`, from its week rows. */
function lossWeeksByAgent(starts: string[], rows: repo.AgentWeek[]): Map<number, LossWeek[]> {
  const key = (agent: number, week: string) => `${agent}/${week}`;
  const received = new Map(rows.map((r) => [key(r.agent, r.weekStart), r.received]));
  const lost = new Map(rows.map((r) => [key(r.agent, r.weekStart), r.writtenOff]));
  const agents = new Set(rows.map((r) => r.agent));
  return new Map(
    [...agents].map((agent) => [
      agent,
      starts.map((w) => rules.lossWeek(w, received.get(key(agent, w)) ?? 0, lost.get(key(agent, w)) ?? 0)),
    ]),
  );
}

function dayNumber(date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - EPOCH) / DAY_MS);
}

/** Every active agent's name and its crates overdue at clients (one grouped query each). */
async function agentsWithOverdue(db: Executor, loanOverdueDays: number) {
  const names = await repo.activeAgentNames(db);
  const overdue = await overdueAtClientsByAgent(
    db,
    names.map((a) => a.id),
    { overdueAfterDays: loanOverdueDays },
  );
  return names.map((a) => ({ ...a, overdueAtClients: overdue.get(a.id)?.crates ?? 0 }));
}

const present = <T>(values: (T | null)[]) => values.filter((v): v is T => v !== null);

/** The median agent, figure by figure: all an agent learns of the others (decision 070). */
function medianAgent(agents: readonly AgentInsight[], starts: string[]): AgentInsightsResponse['agentMedian'] {
  return {
    turnaroundDays: rules.median(present(agents.map((a) => a.turnaround.medianDays))),
    overdueAtClients: rules.median(agents.map((a) => a.overdueAtClients)),
    lossRate: rules.median(present(agents.map((a) => rules.overallLossRate(a.weeks)))),
    weeks: rules.medianLossWeeks(
      starts,
      agents.map((a) => a.weeks),
    ),
  };
}

export type InsightOptions = {
  timeZone: string;
  loanOverdueDays: number;
  /** Where the figures come from; by default figureSource's pick. */
  source?: repo.FigureSource;
};

/** The farm store's view; an agent gets only its own row beside the farm's and the median agent's. */
export async function agentInsights(
  db: Executor,
  caller: Caller,
  options: InsightOptions,
  weeks: number,
): Promise<AgentInsightsResponse> {
  const all = await everyAgentsInsights(db, options, weeks);
  if (caller.role === 'farm_store') return all;
  return { ...all, agents: all.agents.filter((a) => a.marketAgentId === caller.marketAgentId) };
}

/** Every active agent's turnaround and losses, the farm's and the median agent's. */
export async function everyAgentsInsights(
  db: Executor,
  { timeZone, loanOverdueDays, source }: InsightOptions,
  weeks: number,
): Promise<AgentInsightsResponse> {
  const today = farmToday(timeZone);
  const starts = weekStarts(today, weeks);
  const from = source ?? (await figureSource(db, timeZone));
  const [names, weekRows, matched] = await Promise.all([
    agentsWithOverdue(db, loanOverdueDays),
    from.agentWeeks(db, timeZone, weeks),
    from.turnarounds(db, timeZone, dayNumber(today)),
  ]);
  const losses = lossWeeksByAgent(starts, weekRows);
  const farmWeeks = rules.sumLossWeeks(starts, [...losses.values()]);
  const noLoss = starts.map((w) => rules.lossWeek(w, 0, 0));
  const agents: AgentInsight[] = names.map((a) => {
    const own = losses.get(a.id) ?? noLoss;
    return {
      marketAgentId: a.id,
      agentName: a.agentName,
      businessName: a.businessName,
      turnaround: rules.turnaroundOf(matched.get(a.id) ?? { away: [], out: [] }),
      overdueAtClients: a.overdueAtClients,
      weeks: own,
      lossFlagged: rules.lossFlagged(own, farmWeeks),
    };
  });
  // The farm as a whole: each agent's crates matched in its own queue, pooled crate by crate.
  const farm = {
    turnaround: rules.turnaroundOf(...matched.values()),
    overdueAtClients: agents.reduce((sum, a) => sum + a.overdueAtClients, 0),
    weeks: farmWeeks,
  };
  return { overdueAfterDays: loanOverdueDays, farm, agentMedian: medianAgent(agents, starts), agents };
}

export async function forecast(
  db: Executor,
  caller: Caller,
  timeZone: string,
  source?: repo.FigureSource,
): Promise<ForecastResponse> {
  const today = farmToday(timeZone);
  const starts = weekStarts(today, FORECAST_HISTORY_WEEKS + 1);
  const history = starts.slice(0, -1);
  const from = source ?? (await figureSource(db, timeZone));
  const [names, flow, stock] = await Promise.all([
    repo.activeAgentNames(db),
    from.agentWeeks(db, timeZone, FORECAST_HISTORY_WEEKS + 1),
    caller.role === 'farm_store' ? crates.farmStock(db) : Promise.resolve(0),
  ]);
  const rows = new Map(flow.map((r) => [`${r.agent}/${r.weekStart}`, r]));
  const agents: AgentForecast[] = names.map((a) => {
    const sent = history.map((w) => rows.get(`${a.id}/${w}`)?.sent ?? 0);
    const returned = history.map((w) => rows.get(`${a.id}/${w}`)?.returned ?? 0);
    const from = rules.firstActiveWeek(sent, returned);
    return {
      marketAgentId: a.id,
      agentName: a.agentName,
      businessName: a.businessName,
      sent: rules.forecastNextWeek(sent, from),
      returned: rules.forecastNextWeek(returned, from),
    };
  });
  const method = rules.FORECAST_METHOD;
  // Forecast from complete weeks, for the week after this one.
  const weekStart = addDays(starts[starts.length - 1]!, 7);
  if (caller.role !== 'farm_store') {
    return { weekStart, method, agents: agents.filter((a) => a.marketAgentId === caller.marketAgentId), farm: null };
  }
  const forecasts = agents.flatMap((a) => (a.sent.status === 'forecast' ? [a] : []));
  const netOutPerWeek = forecasts.reduce(
    (sum, a) =>
      sum +
      (a.sent.status === 'forecast' ? a.sent.nextWeek : 0) -
      (a.returned.status === 'forecast' ? a.returned.nextWeek : 0),
    0,
  );
  const netOutPerDay = forecasts.length === 0 ? null : netOutPerWeek / 7;
  return {
    weekStart,
    method,
    agents,
    farm: { stock, netOutPerDay, stockLastsDays: rules.stockLastsDays(stock, netOutPerDay) },
  };
}
