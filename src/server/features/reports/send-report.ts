// E-mailing a report: each chosen (or every active) agent gets its own figures as a PDF (decision 046).
import { type EmailPreview, type EmailReportRequest, reportMessages } from '../../../shared/reports.ts';
import type { Executor } from '../../db/client.ts';
import { farmToday } from '../../lib/farm-date.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { DeliveryReport } from '../../plugins/mailer.ts';
import { reportEmail } from './emails.ts';
import { reportFilename, reportPdf } from './report-pdf.ts';
import * as repo from './repository.ts';
import { agentSummaries, type ReportAgent, type ReportDeps } from './summary.ts';

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
    const { filename, pdf } = await reportPdf(
      summary,
      request.reportType,
      deps.timeZone,
      now,
      deps.farmName,
      recipient.language,
    );
    const row = await deps.mailer.send(
      {
        to: recipient.email,
        ...reportEmail(recipient, summary, request.reportType),
        attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
      },
      deps.db,
    );
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
  const { subject, text } = reportEmail(first, summary, request.reportType);
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

export const recipientOf = (r: repo.Recipient) => ({
  marketAgentId: r.marketAgentId,
  name: r.name,
  email: r.email,
  agentNumber: r.agentNumber,
});

export const asReportAgent = (r: repo.Recipient): ReportAgent => ({
  id: r.marketAgentId,
  name: r.name,
  agentNumber: r.agentNumber,
});
