// Each agent's own weekly summary (decision 046, 054): built, previewed and sent once a farm week.
import { reminderLink } from '../../../shared/clients-labels.ts';
import { centsToDecimal, rateTimesCrates } from '../../../shared/money.ts';
import { reportMessages, type WeeklyPreview, type WeeklySummary } from '../../../shared/reports.ts';
import { addDays, farmToday } from '../../lib/farm-date.ts';
import { notFound } from '../../lib/http-error.ts';
import { translatorFor } from '../../lib/i18n.ts';
import { agentEarnings, currentCycle } from '../billing/reads.ts';
import { type OverdueClient, overdueClientsByAgent } from '../clients/overdue.ts';
import { agentBalances, cratesWithClientsByAgent } from '../crates/balances.ts';
import { weeklyEmail } from './emails.ts';
import { resolvePeriod } from './period.ts';
import * as repo from './repository.ts';
import { asReportAgent, recipientOf, type SendResult } from './send-report.ts';
import type { ReportAgent, ReportDeps } from './summary.ts';

/** An agent's own last 7 days up to today: transmissions, loans, crates held and earnings. */
export async function weeklySummary(deps: WeeklyDeps, agentId: number, now: Date = new Date()): Promise<WeeklySummary> {
  const agent = await repo.findAgentName(deps.db, agentId);
  if (!agent) throw notFound(reportMessages.agentNotFound);
  return (await weeklySummaries(deps, [agent], now)).get(agent.id)!;
}

type WeeklyDeps = Pick<ReportDeps, 'db' | 'timeZone' | 'loanOverdueDays'>;

/** An overdue client as the weekly summary lists it, with the Clients screen's reminder link in the client's language. */
const overdueEntry = ({
  reminderFrom,
  language,
  ...client
}: OverdueClient): WeeklySummary['overdue']['clients'][number] => ({
  ...client,
  reminder: reminderLink(client, reminderFrom, translatorFor(language).t),
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
