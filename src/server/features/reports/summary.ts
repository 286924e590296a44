// Reports' figures for a period (DESIGN §6): the summary the screen, the PDF and the e-mails show,
// for the whole farm or each agent, with the period before and the chart's bars.
import type { FastifyBaseLogger } from 'fastify';
import { centsToDecimal, rateTimesCrates } from '../../../shared/money.ts';
import {
  type AgentPerformance,
  percentChange,
  percentOf,
  type ReportSummary,
  type ReportType,
  reportMessages,
} from '../../../shared/reports.ts';
import type { Executor } from '../../db/client.ts';
import { addDays, farmToday } from '../../lib/farm-date.ts';
import { notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { agentEarnings, type BillingCycle, currentCycle } from '../billing/reads.ts';
import { agentBalances } from '../crates/balances.ts';
import { bucketDays, previousPeriod, resolvePeriod } from './period.ts';
import * as repo from './repository.ts';

export type ReportDeps = {
  db: Executor;
  mailer: Mailer;
  timeZone: string;
  log: FastifyBaseLogger;
  /** FARM_NAME, on the PDFs and statements (decision 049); DEFAULT_FARM_NAME when left out. */
  farmName?: string;
  /** LOAN_OVERDUE_DAYS: the weekly summary lists the clients with a loan out longer (decision 054). */
  loanOverdueDays: number;
};

const totalsOf = (raw: repo.RawTotals) => ({
  totalTransmissions: raw.total,
  cratesMoved: raw.crates,
  acknowledged: raw.acknowledged,
  completionRate: percentOf(raw.acknowledged, raw.total),
  activeAgents: raw.activeAgents,
});

type Range = { startDate?: string; endDate?: string };

/**
 * A report's period and what goes with it: what it stands for, the period before, the chart's bar
 * width, today. Blank dates mean what the report type says (period.ts); billing's need the active cycle.
 */
async function reportPeriod(
  deps: Pick<ReportDeps, 'db' | 'timeZone'>,
  range: Range,
  reportType: ReportType,
  now: Date,
) {
  const today = farmToday(deps.timeZone, now);
  const needsCycle = reportType === 'billing' && !range.startDate && !range.endDate;
  const cycleStart = needsCycle ? ((await currentCycle(deps.db, today))?.startDate ?? null) : null;
  const { basis, ...period } = resolvePeriod(range, today, { reportType, cycleStart });
  return { today, period, basis, before: previousPeriod(period), perBar: bucketDays(period.days) };
}

export type ReportAgent = NonNullable<ReportSummary['agent']>;

/** The figures of a report for one agent (agentSummaries) or the whole farm, put together. */
type SummaryParts = Awaited<ReturnType<typeof reportPeriod>> & {
  agent: ReportAgent | null;
  current: repo.RawTotals;
  previous: repo.RawTotals;
  buckets: repo.ChartBucket[];
  activity: repo.AgentActivityRow[];
  newAgentsThisMonth: number | null;
  billing: repo.BillingTotals;
  cycle: BillingCycle | null;
  balances: Map<number, { fullCrates: number; emptyCrates: number }>;
  earnings: Map<number, { totalOwed: string }>;
  now: Date;
};

function summaryOf(p: SummaryParts): ReportSummary {
  const { current, cycle } = p;
  const totals = totalsOf(current);
  const previousTotals = totalsOf(p.previous);
  return {
    period: p.period,
    periodBasis: p.basis,
    previousPeriod: p.before,
    agent: p.agent,
    totals,
    previous: previousTotals,
    changes: changesBetween(totals, previousTotals),
    newAgentsThisMonth: p.newAgentsThisMonth,
    flow: {
      farmToMarket: { count: current.farmToMarket, share: percentOf(current.farmToMarket, current.total) },
      marketToFarm: { count: current.marketToFarm, share: percentOf(current.marketToFarm, current.total) },
      acknowledged: { count: current.acknowledged, share: percentOf(current.acknowledged, current.total) },
    },
    chart: { bucketDays: p.perBar, bars: chartBars(p.period, p.perBar, p.buckets) },
    agents: p.activity.map((a) =>
      agentPerformance(a, p.balances.get(a.marketAgentId)!, p.earnings.get(a.marketAgentId)!, cycle),
    ),
    billing: p.billing,
    writeOffs: {
      damaged: p.activity.reduce((sum, a) => sum + a.cratesDamaged, 0),
      missing: p.activity.reduce((sum, a) => sum + a.cratesMissing, 0),
    },
    cycle: cycle ? { startDate: cycle.startDate, endDate: cycle.endDate, ratePerCrate: cycle.ratePerCrate } : null,
    generatedAt: p.now,
  };
}

/** The Reports screen's figures (and the PDF's): the whole farm's, or one agent's own (404 for an unknown agent). */
export async function buildSummary(
  deps: Pick<ReportDeps, 'db' | 'timeZone'>,
  query: Range & { agentId?: number; reportType?: ReportType },
  now: Date = new Date(),
): Promise<ReportSummary> {
  const { agentId, reportType = 'weekly', ...range } = query;
  if (agentId !== undefined) {
    const agent = await repo.findAgentName(deps.db, agentId);
    if (!agent) throw notFound(reportMessages.agentNotFound);
    return (await agentSummaries(deps, [agent], { ...range, reportType }, now)).get(agent.id)!;
  }
  const { db, timeZone } = deps;
  const dates = await reportPeriod(deps, range, reportType, now);
  const scope = { period: dates.period, timeZone };
  const [current, previous, buckets, activity, newAgentsThisMonth, billing, cycle] = await Promise.all([
    repo.periodTotals(db, scope),
    repo.periodTotals(db, { ...scope, period: dates.before }),
    repo.chartBuckets(db, scope, dates.perBar),
    repo.agentActivity(db, scope),
    repo.countNewAgentsThisMonth(db, timeZone),
    repo.billingTotals(db, scope),
    currentCycle(db, dates.today),
  ]);
  const ids = activity.map((a) => a.marketAgentId);
  const [balances, earnings] = await Promise.all([agentBalances(db, ids), agentEarnings(db, ids)]);
  const parts = { current, previous, buckets, activity, newAgentsThisMonth, billing, cycle, balances, earnings };
  return summaryOf({ ...dates, ...parts, agent: null, now });
}

/**
 * Each agent's own report for the same period (its figures only: no farm-wide count of agents), in a
 * fixed number of queries however many agents there are: every figure is grouped by agent.
 */
export async function agentSummaries(
  deps: Pick<ReportDeps, 'db' | 'timeZone'>,
  agents: ReportAgent[],
  { reportType, ...range }: Range & { reportType: ReportType },
  now: Date,
): Promise<Map<number, ReportSummary>> {
  const { db, timeZone } = deps;
  const dates = await reportPeriod(deps, range, reportType, now);
  if (agents.length === 0) return new Map();
  const scope = { period: dates.period, timeZone };
  const ids = agents.map((a) => a.id);
  const [current, previous, buckets, activity, billing, cycle, balances, earnings] = await Promise.all([
    repo.periodTotalsByAgent(db, scope, ids),
    repo.periodTotalsByAgent(db, { ...scope, period: dates.before }, ids),
    repo.chartBucketsByAgent(db, scope, dates.perBar, ids),
    repo.agentActivity(db, scope, ids),
    repo.billingTotalsByAgent(db, scope, ids),
    currentCycle(db, dates.today),
    agentBalances(db, ids),
    agentEarnings(db, ids),
  ]);
  const summaries = agents.map((agent): [number, ReportSummary] => [
    agent.id,
    summaryOf({
      ...dates,
      agent,
      current: current.get(agent.id)!,
      previous: previous.get(agent.id)!,
      buckets: buckets.get(agent.id)!,
      activity: activity.filter((a) => a.marketAgentId === agent.id),
      newAgentsThisMonth: null,
      billing: billing.get(agent.id)!,
      cycle,
      balances,
      earnings,
      now,
    }),
  ]);
  return new Map(summaries);
}

type Totals = ReturnType<typeof totalsOf>;

function changesBetween(totals: Totals, previousTotals: Totals): ReportSummary['changes'] {
  return {
    totalTransmissions: percentChange(totals.totalTransmissions, previousTotals.totalTransmissions),
    cratesMoved: percentChange(totals.cratesMoved, previousTotals.cratesMoved),
    // Points, not a percent of a percent.
    completionRate:
      previousTotals.totalTransmissions === 0 ? null : totals.completionRate - previousTotals.completionRate,
    activeAgents: percentChange(totals.activeAgents, previousTotals.activeAgents),
  };
}

/** Every bar of the period, a bar with no movement at zero. */
function chartBars(
  period: ReportSummary['period'],
  perBar: number,
  buckets: Awaited<ReturnType<typeof repo.chartBuckets>>,
): ReportSummary['chart']['bars'] {
  const barCount = Math.ceil(period.days / perBar);
  const bars = Array.from({ length: barCount }, (_, i) => ({
    startDate: addDays(period.startDate, i * perBar),
    delivered: 0,
    returned: 0,
  }));
  for (const b of buckets) Object.assign(bars[b.bucket], { delivered: b.delivered, returned: b.returned });
  return bars;
}

/** One agent's line: its activity in the period, the crates it holds now and its earnings estimate. */
function agentPerformance(
  a: Awaited<ReturnType<typeof repo.agentActivity>>[number],
  crates: { fullCrates: number; emptyCrates: number },
  earnings: { totalOwed: string },
  cycle: { ratePerCrate: string } | null,
): AgentPerformance {
  return {
    marketAgentId: a.marketAgentId,
    agentName: a.agentName,
    agentNumber: a.agentNumber,
    businessName: a.businessName,
    isActive: a.isActive,
    transmissions: a.transmissions,
    cratesDelivered: a.cratesDelivered,
    cratesReturned: a.cratesReturned,
    fullCrates: crates.fullCrates,
    emptyCrates: crates.emptyCrates,
    earningsEstimate: cycle ? centsToDecimal(rateTimesCrates(cycle.ratePerCrate, crates.emptyCrates)) : null,
    billedCrates: a.billedCrates,
    billedAmount: a.billedAmount,
    unbilledCrates: a.unbilledCrates,
    owedAmount: earnings.totalOwed,
    cratesDamaged: a.cratesDamaged,
    cratesMissing: a.cratesMissing,
  };
}
