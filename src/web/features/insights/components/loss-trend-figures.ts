// A loss-rate trend's figures as its chart, table and CSV show them (decision 070): each week's rate
// for one agent and for what it is compared with (the whole farm, or the median agent), as percents.
import { csvText } from './holdings-figures.ts';

/** One week: the agent's rate and the other line's, written off ÷ received (null: nothing received). */
export type TrendWeek = { weekStart: string; own: number | null; other: number | null };

/** A rate as a percent with one decimal, as a number for the chart (null stays null: a gap). */
export const asPercent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

/** "2.5 %", or `none` without a rate. */
export const percentText = (rate: number | null, none: string) => {
  const p = asPercent(rate);
  return p === null ? none : `${p.toFixed(1)} %`;
};

/** The CSV: the week's Monday (YYYY-MM-DD) and both rates in percent, blank without a rate. */
export function trendCsv(weeks: readonly TrendWeek[], headers: [week: string, own: string, other: string]) {
  const cell = (rate: number | null) => asPercent(rate)?.toFixed(1) ?? '';
  return csvText([headers, ...weeks.map((w) => [w.weekStart, cell(w.own), cell(w.other)])]);
}
