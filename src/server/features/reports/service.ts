// Reports: the figures for a period (the screen, the PDF), the billing statement, and e-mailing them:
// a report to one or every active agent, each agent's own weekly summary (by hand or on schedule).
import type { FastifyBaseLogger } from 'fastify';
import { reminderLink } from '../../../shared/clients-labels.ts';
import { centsToDecimal, decimalToCents, rateTimesCrates } from '../../../shared/money.ts';
import {
  type AgentPerformance,
  type EmailPreview,
  type EmailReportRequest,
  percentChange,
  percentOf,
  type ReportRequest,
  type ReportSummary,
  type ReportType,
  reportMessages,
  reportTypeLabels,
  type WeeklyPreview,
  type WeeklySummary,
} from '../../../shared/reports.ts';
import type { Executor } from '../../db/client.ts';
import { addDays, DEFAULT_FARM_NAME, farmToday } from '../../lib/farm-date.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { DeliveryReport, Mailer } from '../../plugins/mailer.ts';
import {
  agentEarnings,
  type BillingCycle,
  type CycleRecord,
  currentCycle,
  cycleRecords,
  cycleStatusOn,
  cycleWithDates,
} from '../billing/reads.ts';
import { type OverdueClient, overdueClientsByAgent } from '../clients/overdue.ts';
import { agentBalances, cratesWithClientsByAgent } from '../crates/balances.ts';
import { reportEmail, weeklyEmail } from './emails.ts';
import { renderReportPdf } from './pdf.ts';
import { bucketDays, previousPeriod, resolvePeriod } from './period.ts';
import * as repo from './repository.ts';
import { renderBillingStatement, type StatementRow, type StatementTotals } from './statement.ts';

/** A short PDF of figures with the report's fonts and tagging (a monthly crate statement, decision 064). */
export { type FiguresDocument, renderFiguresPdf } from './pdf.ts';

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

type ReportAgent = NonNullable<ReportSummary['agent']>;

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
async function agentSummaries(
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

export const reportFilename = (type: ReportType, today: string) => `${type}-report-${today}.pdf`;

/** A report's PDF: its file name (today's date, farm time) and bytes. */
async function reportPdf(
  summary: ReportSummary,
  type: ReportType,
  timeZone: string,
  now: Date,
  farmName = DEFAULT_FARM_NAME,
) {
  const pdf = await renderReportPdf(summary, { title: `${reportTypeLabels[type]} report`, timeZone, farmName });
  return { filename: reportFilename(type, farmToday(timeZone, now)), pdf };
}

/** The PDF of a report request: its file name (today's date, farm time) and bytes. */
export async function generateReportPdf(
  deps: Pick<ReportDeps, 'db' | 'timeZone' | 'farmName'>,
  request: ReportRequest,
  now: Date = new Date(),
) {
  const summary = await buildSummary(
    deps,
    { ...request.dateRange, agentId: request.selectedAgentId, reportType: request.reportType },
    now,
  );
  return { ...(await reportPdf(summary, request.reportType, deps.timeZone, now, deps.farmName)), summary };
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
  deps: Pick<ReportDeps, 'db' | 'timeZone' | 'farmName'>,
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
    html: renderBillingStatement({
      cycle,
      status,
      agent,
      ...statement,
      generatedAt: now,
      timeZone,
      farmName: deps.farmName ?? DEFAULT_FARM_NAME,
    }),
  };
}

/** What a send answers (decision 046): the e-mails queued now and what became of them. */
export type SendResult = { recipientCount: number; alreadySentCount?: number; delivery: DeliveryReport };

/** Who an e-mailed report goes to: the agents picked, else the one chosen, else every active agent. */
async function reportRecipients(db: Executor, request: EmailReportRequest) {
  const chosen = request.recipientAgentIds ?? request.selectedAgentId;
  const recipients = await repo.agentRecipients(db, chosen);
  const expected = Array.isArray(chosen) ? chosen.length : chosen === undefined ? null : 1;
  // A removed or unknown agent among those chosen: nothing is sent rather than a part of it.
  if (expected !== null && recipients.length !== expected) throw notFound(reportMessages.agentNotFound);
  if (recipients.length === 0) throw conflict(reportMessages.noRecipients);
  return recipients;
}

/**
 * E-mails the report as a PDF to the agents picked, the chosen agent, or every active agent. Each agent
 * receives the report of its own figures only (DESIGN §6: an agent sees only its own crates), one
 * e-mail each. `waitMs`: how long to wait for the mail server's answer (mailer.delivery).
 */
export async function emailReport(
  deps: ReportDeps,
  request: EmailReportRequest,
  now: Date = new Date(),
  waitMs?: number,
): Promise<SendResult> {
  const recipients = await reportRecipients(deps.db, request);
  const summaries = await agentSummaries(
    deps,
    recipients.map(asReportAgent),
    { ...request.dateRange, reportType: request.reportType },
    now,
  );
  const ids: number[] = [];
  for (const recipient of recipients) {
    const summary = summaries.get(recipient.marketAgentId)!;
    const { filename, pdf } = await reportPdf(summary, request.reportType, deps.timeZone, now, deps.farmName);
    const row = await deps.mailer.send({
      to: recipient.email,
      ...reportEmail(recipient, summary, reportTypeLabels[request.reportType]),
      attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
    });
    ids.push(row.id);
  }
  return { recipientCount: recipients.length, delivery: await deps.mailer.delivery(ids, waitMs) };
}

/** The e-mailed report before it is sent: its recipients, period, and the first one's e-mail as sent. */
export async function emailReportPreview(
  deps: ReportDeps,
  request: EmailReportRequest,
  now: Date = new Date(),
): Promise<EmailPreview> {
  const recipients = await reportRecipients(deps.db, request);
  const [first] = recipients;
  const summary = (
    await agentSummaries(deps, [asReportAgent(first)], { ...request.dateRange, reportType: request.reportType }, now)
  ).get(first.marketAgentId)!;
  const { subject, text } = reportEmail(first, summary, reportTypeLabels[request.reportType]);
  return {
    period: summary.period,
    recipients: recipients.map(recipientOf),
    preview: {
      to: first.email,
      subject,
      text,
      attachmentNames: [reportFilename(request.reportType, farmToday(deps.timeZone, now))],
    },
    mailServer: deps.mailer.state(),
  };
}

const recipientOf = (r: repo.Recipient) => ({
  marketAgentId: r.marketAgentId,
  name: r.name,
  email: r.email,
  agentNumber: r.agentNumber,
});

const asReportAgent = (r: repo.Recipient): ReportAgent => ({
  id: r.marketAgentId,
  name: r.name,
  agentNumber: r.agentNumber,
});

/** An agent's own last 7 days up to today: transmissions, loans, crates held and earnings. */
export async function weeklySummary(deps: WeeklyDeps, agentId: number, now: Date = new Date()): Promise<WeeklySummary> {
  const agent = await repo.findAgentName(deps.db, agentId);
  if (!agent) throw notFound(reportMessages.agentNotFound);
  return (await weeklySummaries(deps, [agent], now)).get(agent.id)!;
}

type WeeklyDeps = Pick<ReportDeps, 'db' | 'timeZone' | 'loanOverdueDays'>;

/** An overdue client as the weekly summary lists it, with the Clients screen's reminder link. */
const overdueEntry = ({ reminderFrom, ...client }: OverdueClient): WeeklySummary['overdue']['clients'][number] => ({
  ...client,
  reminder: reminderLink(client, reminderFrom),
});

/** weeklySummary of each agent, in a fixed number of queries however many agents there are. */
// Long: the summary's parts read side by side in one Promise.all, then put together per agent.
async function weeklySummaries(
  deps: WeeklyDeps,
  agents: ReportAgent[],
  now: Date,
): Promise<Map<number, WeeklySummary>> {
  if (agents.length === 0) return new Map();
  const { db, timeZone, loanOverdueDays } = deps;
  const today = farmToday(timeZone, now);
  const { basis: _, ...period } = resolvePeriod({}, today);
  const scope = { period, timeZone };
  const ids = agents.map((a) => a.id);
  const [transmissions, loans, balances, withClients, earnings, billing, cycle, overdue, writeOffs] = await Promise.all(
    [
      repo.agentWeekTransmissions(db, scope, ids),
      repo.agentLoans(db, scope, ids),
      agentBalances(db, ids),
      cratesWithClientsByAgent(db, ids),
      agentEarnings(db, ids),
      repo.billingTotalsByAgent(db, scope, ids),
      currentCycle(db, today),
      overdueClientsByAgent(db, ids, { overdueAfterDays: loanOverdueDays, now }),
      repo.agentWriteOffs(db, scope, ids),
    ],
  );
  const weekOf = (agent: ReportAgent): WeeklySummary => {
    const own = earnings.get(agent.id)!;
    const { fullCrates, emptyCrates } = balances.get(agent.id)!;
    return {
      period,
      agent,
      transmissions: transmissions.get(agent.id)!,
      loans: loans.get(agent.id)!,
      crates: { full: fullCrates, empty: emptyCrates, withClients: withClients.get(agent.id)! },
      writeOffs: writeOffs.get(agent.id)!,
      overdue: { afterDays: loanOverdueDays, clients: overdue.get(agent.id)!.map(overdueEntry) },
      earnings: {
        totalEarnings: own.totalEarnings,
        totalPaid: own.totalPaid,
        totalOwed: own.totalOwed,
        cratesBilled: own.totalCratesReturned,
        unbilledCratesThisWeek: billing.get(agent.id)!.unbilledCrates,
        ratePerCrate: cycle?.ratePerCrate ?? null,
        emptyCratesValue: cycle ? centsToDecimal(rateTimesCrates(cycle.ratePerCrate, emptyCrates)) : null,
      },
    };
  };
  return new Map(agents.map((agent) => [agent.id, weekOf(agent)]));
}

/** The farm's week (Monday to Sunday, FARM_TIMEZONE) that `now` falls in: one weekly summary each. */
export function farmWeek(timeZone: string, now: Date) {
  const today = farmToday(timeZone, now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  const startDate = addDays(today, -((weekday + 6) % 7));
  return { startDate, endDate: addDays(startDate, 6) };
}

/**
 * Sends every active agent its own weekly summary, unless it had this farm week's already (decision
 * 046): by hand from either screen or by the schedule, an agent gets one a week. Each agent's claim
 * and its e-mail are one transaction, so concurrent clicks (or instances) send it once.
 */
export async function sendWeeklyReports(
  deps: ReportDeps,
  now: Date = new Date(),
  waitMs?: number,
): Promise<SendResult> {
  const week = farmWeek(deps.timeZone, now);
  const [recipients, sent] = await Promise.all([
    repo.agentRecipients(deps.db),
    repo.weeklySummariesSent(deps.db, week.startDate),
  ]);
  const due = recipients.filter((r) => !sent.has(r.marketAgentId));
  const summaries = await weeklySummaries(deps, due.map(asReportAgent), now);
  const queued = await deps.db.transaction(async (tx) => {
    const claimed = await repo.claimWeeklySummaries(
      tx,
      week.startDate,
      due.map((r) => r.marketAgentId),
    );
    const mails = [];
    for (const recipient of due.filter((r) => claimed.has(r.marketAgentId))) {
      const summary = summaries.get(recipient.marketAgentId)!;
      const mail = await deps.mailer.queueWithin(tx, { to: recipient.email, ...weeklyEmail(recipient, summary) });
      mails.push({ agentId: recipient.marketAgentId, mail });
    }
    return mails;
  });
  // Delivery starts once the claims and the messages are committed together.
  for (const { mail } of queued) await mail.deliver();
  const ids = queued.map((m) => m.mail.row.id);
  return {
    recipientCount: ids.length,
    alreadySentCount: recipients.length - ids.length,
    delivery: await deps.mailer.delivery(ids, waitMs),
  };
}

/** The weekly summaries before they are sent: who gets one, who already had this week's, the first e-mail. */
export async function weeklyPreview(deps: ReportDeps, now: Date = new Date()): Promise<WeeklyPreview> {
  const week = farmWeek(deps.timeZone, now);
  const [recipients, sent] = await Promise.all([
    repo.agentRecipients(deps.db),
    repo.weeklySummariesSent(deps.db, week.startDate),
  ]);
  const first = recipients.find((r) => !sent.has(r.marketAgentId)) ?? recipients[0];
  const summary = first ? (await weeklySummaries(deps, [asReportAgent(first)], now)).get(first.marketAgentId) : null;
  const { basis: _, ...period } = resolvePeriod({}, farmToday(deps.timeZone, now));
  const email = first && summary ? weeklyEmail(first, summary) : null;
  return {
    week,
    period,
    recipients: recipients.map((r) => ({ ...recipientOf(r), sentAt: sent.get(r.marketAgentId) ?? null })),
    preview: email && first ? { to: first.email, subject: email.subject, text: email.text, attachmentNames: [] } : null,
    mailServer: deps.mailer.state(),
  };
}
