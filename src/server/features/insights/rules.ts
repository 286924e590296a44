// The pure rules behind the farm's insights (decision 070): crates matched oldest-first from delivery
// to return, weekly loss rates and the flag on an agent that loses too many, and next week's forecast
// by simple exponential smoothing with its error measured by backtesting.
import type { Forecast, LossWeek, Turnaround } from '../../../shared/insights.ts';

/** One day of an agent's crates: delivered to it, counted back in at the farm, written off on its account. */
export type CrateDay = { day: number; out: number; back: number; lost: number };

/** A weighted value: `weight` crates that each took `value` days. */
export type Weighted = { value: number; weight: number };

/**
 * The value at which half the weight lies at or below it; null for no weight. The weights are summed
 * per value first: a farm's crates back are thousands of items over a few hundred days away.
 */
export function weightedMedian(items: readonly Weighted[]): number | null {
  const byValue = new Map<number, number>();
  let total = 0;
  for (const { value, weight } of items) {
    if (weight <= 0) continue;
    byValue.set(value, (byValue.get(value) ?? 0) + weight);
    total += weight;
  }
  if (total === 0) return null;
  const values = [...byValue.keys()].sort((a, b) => a - b);
  let seen = 0;
  for (const value of values) {
    seen += byValue.get(value)!;
    if (seen * 2 >= total) return value;
  }
  return values[values.length - 1]!;
}

/** The plain median; null for none. An even count takes the mean of the middle two. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Takes up to `quantity` crates off the oldest lots; calls `taken` with each lot's day and count. */
function takeOldest(
  lots: { day: number; crates: number }[],
  quantity: number,
  taken: (day: number, n: number) => void,
) {
  let left = quantity;
  while (left > 0 && lots.length > 0) {
    const lot = lots[0]!;
    const n = Math.min(lot.crates, left);
    taken(lot.day, n);
    lot.crates -= n;
    left -= n;
    if (lot.crates === 0) lots.shift();
  }
}

/** Crates matched from delivery to return: each back crate's days away, each crate still out's age. */
export type Matched = { away: Weighted[]; out: Weighted[] };

/**
 * An agent's days in order, matched oldest-first: each crate back (or written off) is matched to the
 * oldest delivered crate still out. A return is one crate's days away; a write-off closes a crate
 * without a turnaround. Crates back beyond those delivered (from before the ledger) are left unmatched.
 */
export function matchedCrates(days: readonly CrateDay[], today: number): Matched {
  const lots: { day: number; crates: number }[] = [];
  const away: Weighted[] = [];
  for (const d of [...days].sort((a, b) => a.day - b.day)) {
    if (d.out > 0) lots.push({ day: d.day, crates: d.out });
    takeOldest(lots, Math.max(0, d.back), (day, n) => away.push({ value: d.day - day, weight: n }));
    takeOldest(lots, Math.max(0, d.lost), () => {});
  }
  return { away, out: lots.map((l) => ({ value: today - l.day, weight: l.crates })) };
}

/** Each agent's days matched oldest-first, by agent. */
export function matchedByAgent(days: readonly (CrateDay & { agent: number })[], today: number): Map<number, Matched> {
  const byAgent = new Map<number, CrateDay[]>();
  for (const d of days) {
    const rows = byAgent.get(d.agent);
    if (rows) rows.push(d);
    else byAgent.set(d.agent, [d]);
  }
  return new Map([...byAgent].map(([agent, rows]) => [agent, matchedCrates(rows, today)]));
}

/** The turnaround of matched crates: one agent's, or several agents' pooled crate by crate. */
export function turnaroundOf(...matched: readonly Matched[]): Turnaround {
  const away = matched.flatMap((m) => m.away);
  const out = matched.flatMap((m) => m.out);
  const stillOut = out.reduce((sum, l) => sum + l.weight, 0);
  return {
    medianDays: weightedMedian(away),
    cratesBack: away.reduce((sum, a) => sum + a.weight, 0),
    stillOut,
    stillOutMedianDays: weightedMedian(out),
    stillOutOldestDays: stillOut > 0 ? Math.max(...out.filter((l) => l.weight > 0).map((l) => l.value)) : null,
  };
}

/** One agent's turnaround from its days. */
export function matchTurnaround(days: readonly CrateDay[], today: number): Turnaround {
  return turnaroundOf(matchedCrates(days, today));
}

/** A week's loss rate: written off ÷ received, null when nothing was received. */
export function lossWeek(weekStart: string, received: number, writtenOff: number): LossWeek {
  return { weekStart, received, writtenOff, lossRate: received > 0 ? writtenOff / received : null };
}

/** The sum of several series of weeks, week by week (the farm's from its agents'). */
export function sumLossWeeks(weekStarts: readonly string[], series: readonly LossWeek[][]): LossWeek[] {
  return weekStarts.map((weekStart, i) => {
    const received = series.reduce((sum, s) => sum + (s[i]?.received ?? 0), 0);
    const writtenOff = series.reduce((sum, s) => sum + (s[i]?.writtenOff ?? 0), 0);
    return lossWeek(weekStart, received, writtenOff);
  });
}

/** Total written off ÷ total received over the weeks; null when nothing was received. */
export function overallLossRate(weeks: readonly LossWeek[]): number | null {
  const received = weeks.reduce((sum, w) => sum + w.received, 0);
  const writtenOff = weeks.reduce((sum, w) => sum + w.writtenOff, 0);
  return received > 0 ? writtenOff / received : null;
}

export const FLAG_RATE_MULTIPLE = 2;
export const FLAG_MIN_CRATES = 10;

/** Whether one week of an agent is over the line: more than twice the farm's rate and ≥ 10 crates lost. */
function overTheLine(agent: LossWeek, farm: LossWeek | undefined): boolean {
  if (agent.writtenOff < FLAG_MIN_CRATES || agent.lossRate === null) return false;
  const farmRate = farm?.lossRate ?? 0;
  return agent.lossRate > FLAG_RATE_MULTIPLE * farmRate;
}

/**
 * The latest two weeks running in which an agent's loss was over the line (the same weeks as the
 * farm's), oldest first; null when there are none.
 */
export function flaggedWeeks(agent: readonly LossWeek[], farm: readonly LossWeek[]): [LossWeek, LossWeek] | null {
  for (let i = agent.length - 1; i > 0; i--) {
    if (overTheLine(agent[i]!, farm[i]) && overTheLine(agent[i - 1]!, farm[i - 1])) return [agent[i - 1]!, agent[i]!];
  }
  return null;
}

/** An agent whose loss is over the line in two weeks running (the same weeks as the farm's). */
export function lossFlagged(agent: readonly LossWeek[], farm: readonly LossWeek[]): boolean {
  return flaggedWeeks(agent, farm) !== null;
}

/**
 * The median agent's loss rate week by week: in each week, the median of the rates of the agents that
 * received crates that week (null when none did).
 */
export function medianLossWeeks(
  weekStarts: readonly string[],
  series: readonly (readonly LossWeek[])[],
): { weekStart: string; lossRate: number | null }[] {
  return weekStarts.map((weekStart, i) => ({
    weekStart,
    lossRate: median(series.flatMap((s) => (s[i]?.lossRate == null ? [] : [s[i]!.lossRate!]))),
  }));
}

/** Decision 070: the smoothing constant, the weeks backtested and the history a forecast needs. */
export const SMOOTHING = 0.4;
export const BACKTEST_WEEKS = 8;
/** Four weeks to start the level from before the eight weeks backtested. */
export const MIN_HISTORY_WEEKS = BACKTEST_WEEKS + 4;
export const FORECAST_METHOD = `simple exponential smoothing (alpha ${SMOOTHING})`;

/** Simple exponential smoothing's forecast of the week after `series` (the level after the last week). */
export function smooth(series: readonly number[], alpha = SMOOTHING): number {
  if (series.length === 0) return 0;
  let level = series[0]!;
  for (const y of series.slice(1)) level = alpha * y + (1 - alpha) * level;
  return level;
}

/**
 * Weighted absolute percentage error of one-week-ahead forecasts over the last `weeks` weeks, each made
 * only from the weeks before it: total absolute error ÷ total actual crates; null when those weeks were all 0.
 */
export function backtestWape(series: readonly number[], weeks = BACKTEST_WEEKS, alpha = SMOOTHING): number | null {
  let error = 0;
  let actual = 0;
  for (let t = series.length - weeks; t < series.length; t++) {
    error += Math.abs(smooth(series.slice(0, t), alpha) - series[t]!);
    actual += series[t]!;
  }
  return actual > 0 ? error / actual : null;
}

/** The index of the first week with any crates in any of the series; -1 when all are empty. */
export function firstActiveWeek(...series: readonly (readonly number[])[]): number {
  const firsts = series.map((s) => s.findIndex((y) => y !== 0)).filter((i) => i !== -1);
  return firsts.length === 0 ? -1 : Math.min(...firsts);
}

/**
 * Next week's crates from complete weeks, oldest first. History starts at week `from` (by default the
 * first week with any crates: weeks before an agent began are no history); fewer than
 * MIN_HISTORY_WEEKS gives no forecast.
 */
export function forecastNextWeek(series: readonly number[], from = firstActiveWeek(series)): Forecast {
  const history = from === -1 ? [] : series.slice(from);
  if (history.length < MIN_HISTORY_WEEKS) {
    return { status: 'too-little-history', weeksOfHistory: history.length, weeksNeeded: MIN_HISTORY_WEEKS };
  }
  return { status: 'forecast', nextWeek: Math.round(smooth(history)), wape: backtestWape(history) };
}

/** Days the farm's stock lasts when it runs down by `netOutPerDay` a day; null when it does not run down. */
export function stockLastsDays(stock: number, netOutPerDay: number | null): number | null {
  if (netOutPerDay === null || netOutPerDay <= 0) return null;
  return Math.max(0, Math.floor(stock / netOutPerDay));
}

/**
 * Each week's crates per kind at its end, from the crates now and each later week's net movement:
 * the end of week w is now less everything that moved in the weeks after w. `weekStarts` oldest first.
 */
export function holdingsAtWeekEnds(
  weekStarts: readonly string[],
  now: ReadonlyMap<string, number>,
  moved: ReadonlyMap<string, ReadonlyMap<string, number>>,
): Map<string, number>[] {
  const out: Map<string, number>[] = [];
  const running = new Map(now);
  for (let i = weekStarts.length - 1; i >= 0; i--) {
    out[i] = new Map(running);
    for (const [kind, delta] of moved.get(weekStarts[i]!) ?? []) running.set(kind, (running.get(kind) ?? 0) - delta);
  }
  return out;
}
