// The e-mails reports send: a report with its PDF attached, and an agent's weekly summary. Text and
// HTML say the same; every value in the HTML goes through the escaping html tag.
import dayjs from 'dayjs';
import { formatRandDecimal } from '../../../shared/money.ts';
import type { ReportSummary, WeeklySummary } from '../../../shared/reports.ts';
import { html } from '../../lib/html.ts';
import type { Recipient } from './repository.ts';

export const longDate = (day: string) => dayjs(day).format('D MMM YYYY');
export const periodText = (p: { startDate: string; endDate: string }) =>
  `${longDate(p.startDate)} to ${longDate(p.endDate)}`;

export function reportEmail(recipient: Recipient, summary: ReportSummary, typeLabel: string) {
  const subject = `${typeLabel} crate report: ${periodText(summary.period)}`;
  const t = summary.totals;
  const lines = [
    `Hello ${recipient.name},`,
    '',
    `Your ${typeLabel.toLowerCase()} crate report for ${periodText(summary.period)} is attached as a PDF.`,
    '',
    `Transmissions: ${t.totalTransmissions}`,
    `Crates moved: ${t.cratesMoved}`,
    `Completion rate: ${t.completionRate}%`,
    '',
    'Cratekeeper',
  ];
  const body = html`<p>Hello ${recipient.name},</p>
<p>Your ${typeLabel.toLowerCase()} crate report for ${periodText(summary.period)} is attached as a PDF.</p>
<ul>
<li>Transmissions: ${t.totalTransmissions}</li>
<li>Crates moved: ${t.cratesMoved}</li>
<li>Completion rate: ${t.completionRate}%</li>
</ul>
<p>Cratekeeper</p>`;
  return { subject, text: lines.join('\n'), html: body.value };
}

/** The weekly summary's lines, shared by the e-mail's text and HTML. */
export function weeklyLines(s: WeeklySummary): [string, string][] {
  return [
    ['Transmissions this week', String(s.transmissions.total)],
    ['Deliveries received', `${s.transmissions.received} (${s.transmissions.cratesReceived} crates)`],
    ['Empties returned to the farm', `${s.transmissions.returned} (${s.transmissions.cratesReturned} crates)`],
    ['Waiting to be counted', String(s.transmissions.pending)],
    ['Loans to clients this week', `${s.loans.lentThisWeek} (${s.loans.cratesLentThisWeek} crates)`],
    ['Open loans', String(s.loans.openLoans)],
    ['Full crates held', String(s.crates.full)],
    ['Empty crates held', String(s.crates.empty)],
    ['Crates with clients', String(s.crates.withClients)],
    ['Total earnings', formatRandDecimal(s.earnings.totalEarnings)],
    [
      'Value of your empty crates',
      s.earnings.emptyCratesValue === null
        ? 'No active billing cycle'
        : `${formatRandDecimal(s.earnings.emptyCratesValue)} at ${formatRandDecimal(s.earnings.ratePerCrate)} per crate`,
    ],
  ];
}

export function weeklyEmail(recipient: Recipient, summary: WeeklySummary) {
  const subject = `Your weekly crate report: ${periodText(summary.period)}`;
  const rows = weeklyLines(summary);
  const text = [
    `Hello ${recipient.name},`,
    '',
    `Your crates from ${periodText(summary.period)} (agent ${recipient.agentNumber}):`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Cratekeeper',
  ].join('\n');
  const body = html`<p>Hello ${recipient.name},</p>
<p>Your crates from ${periodText(summary.period)} (agent ${recipient.agentNumber}):</p>
<table cellpadding="4">
${rows.map(([label, value]) => html`<tr><th align="left">${label}</th><td align="right">${value}</td></tr>`)}
</table>
<p>Cratekeeper</p>`;
  return { subject, text, html: body.value };
}
