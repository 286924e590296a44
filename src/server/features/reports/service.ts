// Reports: the figures for a period (the screen, the PDF), the billing statement, and e-mailing them:
// a report to one or every active agent, each agent's own weekly summary (by hand or on schedule).
import type { FastifyBaseLogger } from 'fastify';
import { centsToDecimal, decimalToCents, rateTimesCrates } from '../../../shared/money.ts';
import {
  percentChange,
  percentOf,
  type ReportRequest,
  type ReportSummary,
  type ReportType,
  reportMessages,
  reportTypeLabels,
  type WeeklySummary,
} from '../../../shared/reports.ts';
import type { Executor } from '../../db/client.ts';
import { addDays, farmToday } from '../../lib/farm-date.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import {
  agentEarnings,
  type BillingCycle,
  type CycleRecord,
  currentCycle,
  cycleRecords,
  cycleStatusOn,
  cycleWithDates,
} from '../billing/reads.ts';
import { agentBalances, clientBalances } from '../crates/balances.ts';
import { reportEmail, weeklyEmail } from './emails.ts';
import { renderReportPdf } from './pdf.ts';
import { bucketDays, previousPeriod, resolvePeriod } from './period.ts';
import * as repo from './repository.ts';
import { renderBillingStatement, type StatementRow, type StatementTotals } from './statement.ts';

export type ReportDeps = { db: Executor; mailer: Mailer; timeZone: string; log: FastifyBaseLogger };

const totalsOf = (raw: repo.RawTotals) => ({
  totalTransmissions: raw.total,
  cratesMoved: raw.crates,
  acknowledged: raw.acknowledged,
  completionRate: percentOf(raw.acknowledged, raw.total),
  activeAgents: raw.activeAgents,
});

export async function buildSummary(
  deps: Pick<ReportDeps, 'db' | 'timeZone'>,
  query: { startDate?: string; endDate?: string; agentId?: number },
  now: Date = new Date(),
): Promise<ReportSummary> {
  const { db, timeZone } = deps;
  const agent = query.agentId === undefined ? null : await repo.findAgentName(db, query.agentId);
  if (query.agentId !== undefined && !agent) throw notFound(reportMessages.agentNotFound);
  const today = farmToday(timeZone, now);
  const period = resolvePeriod(query, today);
  const before = previousPeriod(period);
  const scope = { period, timeZone, agentId: query.agentId };
  const perBar = bucketDays(period.days);
  const [current, previous, buckets, activity, newAgentsThisMonth, billing, cycle] = await Promise.all([
    repo.periodTotals(db, scope),
    repo.periodTotals(db, { ...scope, period: before }),
    repo.chartBuckets(db, scope, perBar),
    repo.agentActivity(db, scope),
    // A farm-wide count: a report for one agent carries that agent's figures only.
    query.agentId === undefined ? repo.countNewAgentsThisMonth(db, timeZone) : null,
    repo.billingTotals(db, scope),
    currentCycle(db, today),
  ]);
  const ids = activity.map((a) => a.marketAgentId);
  const [balances, earnings] = await Promise.all([agentBalances(db, ids), agentEarnings(db, ids)]);
  const totals = totalsOf(current);
  const previousTotals = totalsOf(previous);
  const barCount = Math.ceil(period.days / perBar);
  const bars = Array.from({ length: barCount }, (_, i) => ({
    startDate: addDays(period.startDate, i * perBar),
    delivered: 0,
    returned: 0,
  }));
  for (const b of buckets) Object.assign(bars[b.bucket], { delivered: b.delivered, returned: b.returned });
  return {
    period,
    previousPeriod: before,
    agent,
    totals,
    previous: previousTotals,
    changes: {
      totalTransmissions: percentChange(totals.totalTransmissions, previousTotals.totalTransmissions),
      cratesMoved: percentChange(totals.cratesMoved, previousTotals.cratesMoved),
      // Points, not a percent of a percent.
      completionRate:
        previousTotals.totalTransmissions === 0 ? null : totals.completionRate - previousTotals.completionRate,
      activeAgents: percentChange(totals.activeAgents, previousTotals.activeAgents),
    },
    newAgentsThisMonth,
    flow: {
      farmToMarket: { count: current.farmToMarket, share: percentOf(current.farmToMarket, current.total) },
      marketToFarm: { count: current.marketToFarm, share: percentOf(current.marketToFarm, current.total) },
      acknowledged: { count: current.acknowledged, share: percentOf(current.acknowledged, current.total) },
    },
    chart: { bucketDays: perBar, bars },
    agents: activity.map((a) => {
      const crates = balances.get(a.marketAgentId)!;
      return {
        marketAgentId: a.marketAgentId,
        agentName: a.agentName,
        agentNumber: a.agentNumber,
        businessName: a.businessName,
        transmissions: a.transmissions,
        cratesDelivered: a.cratesDelivered,
        cratesReturned: a.cratesReturned,
        fullCrates: crates.fullCrates,
        emptyCrates: crates.emptyCrates,
        earningsEstimate: cycle ? centsToDecimal(rateTimesCrates(cycle.ratePerCrate, crates.emptyCrates)) : null,
        billedCrates: a.billedCrates,
        billedAmount: a.billedAmount,
        unbilledCrates: a.unbilledCrates,
        owedAmount: earnings.get(a.marketAgentId)!.totalOwed,
      };
    }),
    billing,
    cycle: cycle ? { startDate: cycle.startDate, endDate: cycle.endDate, ratePerCrate: cycle.ratePerCrate } : null,
    generatedAt: now,
  };
}

export const reportFilename = (type: ReportType, today: string) => `${type}-report-${today}.pdf`;

/** The PDF of a report request: its file name (today's date, farm time) and bytes. */
export async function generateReportPdf(
  deps: Pick<ReportDeps, 'db' | 'timeZone'>,
  request: ReportRequest,
  now: Date = new Date(),
) {
  const summary = await buildSummary(deps, { ...request.dateRange, agentId: request.selectedAgentId }, now);
  const pdf = await renderReportPdf(summary, {
    title: `${reportTypeLabels[request.reportType]} report`,
    timeZone: deps.timeZone,
  });
  return { filename: reportFilename(request.reportType, farmToday(deps.timeZone, now)), pdf, summary };
}

/**
 * The cycle a statement is for: the one whose dates are exactly the request's start and end date (the
 * Billing screen opens any cycle's statement), or, with the dates left blank, the active cycle. Dates
 * that match no cycle are a 404 naming them rather than another cycle's statement.
 */
async function statementCycle(
  db: Executor,
  range: { startDate?: string; endDate?: string },
  today: string,
): Promise<BillingCycle> {
  if (range.startDate && range.endDate) {
    const cycle = await cycleWithDates(db, range.startDate, range.endDate);
    if (!cycle) throw notFound(reportMessages.noCycleWithDates(range.startDate, range.endDate));
    return cycle;
  }
  const cycle = await currentCycle(db, today);
  if (!cycle) throw notFound(reportMessages.noActiveCycle);
  return cycle;
}

/** The statement's rows and totals from billing's records; money summed in cents (src/shared/money.ts). */
function statementOf(records: CycleRecord[]): { rows: StatementRow[] } & StatementTotals {
  const cents = (amount: string) => decimalToCents(amount) ?? 0;
  const sum = (pick: (r: CycleRecord) => string, of = records) =>
    centsToDecimal(of.reduce((t, r) => t + cents(pick(r)), 0));
  const rows = records.map(
    (r): StatementRow => ({
      marketAgentId: r.marketAgentId,
      agentName: r.agentName,
      agentNumber: r.agentNumber,
      businessName: r.businessName,
      bankName: r.bankName,
      accountNumber: r.accountNumber,
      branchCode: r.branchCode,
      accountHolderName: r.accountHolderName,
      hasBankDetails: r.hasBankDetails,
      cratesReturned: r.totalCratesReturned,
      amount: r.totalAmount,
      paid: r.paidAmount,
      paidOn: r.paidOn,
      paymentReference: r.paymentReference,
      owed: r.owedAmount,
      isOwed: cents(r.owedAmount) > 0,
    }),
  );
  return {
    rows,
    totalCrates: records.reduce((t, r) => t + r.totalCratesReturned, 0),
    totalAmount: sum((r) => r.totalAmount),
    totalPaid: sum((r) => r.paidAmount),
    totalOwed: sum((r) => r.owedAmount),
    missingBankDetailsAmount: sum(
      (r) => r.owedAmount,
      records.filter((r) => !r.hasBankDetails && cents(r.owedAmount) > 0),
    ),
  };
}

/**
 * A cycle's billing statement as a printable HTML page (see statementCycle): every agent's record in
 * it, or only the selected agent's. 404 without such a cycle or for an unknown agent.
 */
export async function billingStatement(
  deps: Pick<ReportDeps, 'db' | 'timeZone'>,
  request: { dateRange?: { startDate?: string; endDate?: string }; selectedAgentId?: number } = {},
  now: Date = new Date(),
) {
  const { db, timeZone } = deps;
  const today = farmToday(timeZone, now);
  const agent = request.selectedAgentId === undefined ? null : await repo.findAgentName(db, request.selectedAgentId);
  if (request.selectedAgentId !== undefined && !agent) throw notFound(reportMessages.agentNotFound);
  const cycle = await statementCycle(db, request.dateRange ?? {}, today);
  const [records, status] = await Promise.all([
    cycleRecords(db, cycle.id, agent?.id),
    cycleStatusOn(db, cycle.id, today),
  ]);
  const statement = statementOf(records);
  return {
    filename: `billing-statement-${cycle.endDate}.html`,
    html: renderBillingStatement({ cycle, status, agent, ...statement, generatedAt: now, timeZone }),
  };
}

/**
 * E-mails the report as a PDF to the chosen agent, or to every active agent. Each agent receives the
 * report of its own figures only (DESIGN §6: an agent sees only its own crates), one e-mail each.
 */
export async function emailReport(deps: ReportDeps, request: ReportRequest, now: Date = new Date()) {
  const recipients = await repo.agentRecipients(deps.db, request.selectedAgentId);
  if (request.selectedAgentId !== undefined && recipients.length === 0) throw notFound(reportMessages.agentNotFound);
  if (recipients.length === 0) throw conflict(reportMessages.noRecipients);
  for (const recipient of recipients) {
    const { filename, pdf, summary } = await generateReportPdf(
      deps,
      { ...request, selectedAgentId: recipient.marketAgentId },
      now,
    );
    await deps.mailer.send({
      to: recipient.email,
      ...reportEmail(recipient, summary, reportTypeLabels[request.reportType]),
      attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
    });
  }
  return recipients.length;
}

/** An agent's own last 7 days up to today: transmissions, loans, crates held and earnings. */
export async function weeklySummary(
  deps: Pick<ReportDeps, 'db' | 'timeZone'>,
  agentId: number,
  now: Date = new Date(),
): Promise<WeeklySummary> {
  const { db, timeZone } = deps;
  const agent = await repo.findAgentName(db, agentId);
  if (!agent) throw notFound(reportMessages.agentNotFound);
  const today = farmToday(timeZone, now);
  const period = resolvePeriod({}, today);
  const scope = { period, timeZone, agentId };
  const [transmissions, loans, balances, clientIds, earnings, billing, cycle] = await Promise.all([
    repo.agentWeekTransmissions(db, scope),
    repo.agentLoans(db, scope),
    agentBalances(db, [agentId]),
    repo.agentClientIds(db, agentId),
    agentEarnings(db, [agentId]),
    repo.billingTotals(db, scope),
    currentCycle(db, today),
  ]);
  const own = earnings.get(agentId)!;
  const withClients = [...(await clientBalances(db, clientIds)).values()].reduce((sum, n) => sum + n, 0);
  const { fullCrates, emptyCrates } = balances.get(agentId)!;
  return {
    period,
    agent,
    transmissions,
    loans,
    crates: { full: fullCrates, empty: emptyCrates, withClients },
    earnings: {
      totalEarnings: own.totalEarnings,
      totalPaid: own.totalPaid,
      totalOwed: own.totalOwed,
      cratesBilled: own.totalCratesReturned,
      unbilledCratesThisWeek: billing.unbilledCrates,
      ratePerCrate: cycle?.ratePerCrate ?? null,
      emptyCratesValue: cycle ? centsToDecimal(rateTimesCrates(cycle.ratePerCrate, emptyCrates)) : null,
    },
  };
}

export async function agentIdForUser(db: Executor, userId: number) {
  const id = await repo.findAgentByUser(db, userId);
  if (id === null) throw notFound(reportMessages.agentNotFound);
  return id;
}

/** Sends every active agent its own weekly summary; answers how many agents it was sent to. */
export async function sendWeeklyReports(deps: ReportDeps, now: Date = new Date()) {
  const recipients = await repo.agentRecipients(deps.db);
  for (const recipient of recipients) {
    const summary = await weeklySummary(deps, recipient.marketAgentId, now);
    await deps.mailer.send({ to: recipient.email, ...weeklyEmail(recipient, summary) });
  }
  return recipients.length;
}
