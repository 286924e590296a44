// The e-mails reports send: a report with its PDF attached, and an agent's weekly summary. Text and
// HTML say the same; every value in the HTML goes through the escaping html tag.
import { formatRandDecimal } from '../../../shared/money.ts';
import type { ReportSummary, WeeklySummary } from '../../../shared/reports.ts';
import { html } from '../../lib/html.ts';
import type { Recipient } from './repository.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * '2026-11-05' → '5 Nov 2026', read from the text itself: never through Date parsing, which takes the
 * years 0–99 for 1900–1999 (a statement dated 0099 printed 1999). Anything else is printed as given.
 */
export function longDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return day;
  return `${Number(match[3])} ${month} ${match[1]}`;
}
export const periodText = (p: { startDate: string; endDate: string }) =>
  `${longDate(p.startDate)} to ${longDate(p.endDate)}`;

export function reportEmail(recipient: Recipient, summary: ReportSummary, typeLabel: string) {
  const subject = `${typeLabel} crate report: ${periodText(summary.period)}`;
  const t = summary.totals;
  const b = summary.billing;
  // The recipient's own figures: the summary is built for this one agent.
  const figures = [
    `Transmissions: ${t.totalTransmissions}`,
    `Crates moved: ${t.cratesMoved}`,
    `Completion rate: ${t.completionRate}%`,
    `Crates marked damaged: ${summary.writeOffs.damaged}`,
    `Crates missing at stock takes: ${summary.writeOffs.missing}`,
    `Billed for returns counted in this period: ${formatRandDecimal(b.billedAmount)} for ${b.billedCrates} crates`,
    `Owed to you: ${formatRandDecimal(b.totalOwed)}`,
  ];
  const lines = [
    `Hello ${recipient.name},`,
    '',
    `Your ${typeLabel.toLowerCase()} crate report for ${periodText(summary.period)} is attached as a PDF.`,
    '',
    ...figures,
    '',
    'Cratekeeper',
  ];
  const body = html`<p>Hello ${recipient.name},</p>
<p>Your ${typeLabel.toLowerCase()} crate report for ${periodText(summary.period)} is attached as a PDF.</p>
<ul>
${figures.map((line) => html`<li>${line}</li>`)}
</ul>
<p>Cratekeeper</p>`;
  return { subject, text: lines.join('\n'), html: body.value };
}

const cratesText = (n: number) => `${n} ${n === 1 ? 'crate' : 'crates'}`;
/** Damaged crates (decision 056): written off, not back in use; said apart from missing ones. */
export const damagedText = (n: number) =>
  n === 0 ? 'none' : `${cratesText(n)} (on your clients' returns and your returned empties)`;
/** Missing crates: written off at stock takes less crates found; more found than missing says so. */
export const missingText = (n: number) =>
  n === 0 ? 'none' : n > 0 ? cratesText(n) : `none (${cratesText(-n)} more found than written off)`;

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
    ['Crates marked damaged this week', damagedText(s.writeOffs.damaged)],
    ['Crates missing at stock takes this week', missingText(s.writeOffs.missing)],
    ['Total earnings', `${formatRandDecimal(s.earnings.totalEarnings)} for ${s.earnings.cratesBilled} crates`],
    ['Paid to you', formatRandDecimal(s.earnings.totalPaid)],
    ['Owed to you', formatRandDecimal(s.earnings.totalOwed)],
    ...(s.earnings.unbilledCratesThisWeek > 0
      ? ([['Returned this week, not yet in a billing cycle', `${s.earnings.unbilledCratesThisWeek} crates`]] as [
          string,
          string,
        ][])
      : []),
    [
      'Value of your empty crates',
      s.earnings.emptyCratesValue === null
        ? 'No active billing cycle'
        : `${formatRandDecimal(s.earnings.emptyCratesValue)} at ${formatRandDecimal(s.earnings.ratePerCrate)} per crate`,
    ],
  ];
}

/** At most this many overdue clients are listed in an e-mail; the rest are counted (the Clients screen has them all). */
export const OVERDUE_CLIENTS_IN_EMAIL = 30;

type OverdueClientLine = WeeklySummary['overdue']['clients'][number];

const reminderWords = { whatsapp: 'WhatsApp', call: 'Call' } as const;

/** 'Mama Thandi Veg (Thandi Mokoena): 12 crates out, 21 days', the same in text and HTML. */
const overdueClientText = (c: OverdueClientLine) =>
  `${c.businessName} (${c.clientName}): ${c.outstandingCrates} crate${c.outstandingCrates === 1 ? '' : 's'} out, ` +
  `oldest ${c.daysOut} days`;

/**
 * The overdue clients section (decision 054): a heading, each client with its
 * WhatsApp or call link (the Clients screen's rule, shared/clients-labels.ts), or a line saying none is.
 */
export function overdueSection(s: WeeklySummary) {
  const { afterDays, clients } = s.overdue;
  const heading =
    clients.length === 0
      ? `No client has had crates out for more than ${afterDays} days.`
      : `Clients with crates out for more than ${afterDays} days (${clients.length}):`;
  const listed = clients.slice(0, OVERDUE_CLIENTS_IN_EMAIL);
  const more = clients.length - listed.length;
  const moreLine = more > 0 ? `…and ${more} more: see your Clients screen.` : null;
  const text = [
    heading,
    ...listed.map((c) => `- ${overdueClientText(c)}. ${reminderWords[c.reminder.kind]}: ${c.reminder.href}`),
    ...(moreLine ? [moreLine] : []),
  ];
  const body = html`<p><strong>${heading}</strong></p>
${
  listed.length > 0
    ? html`<ul>
${listed.map(
  (c) =>
    html`<li>${overdueClientText(c)}: <a href="${c.reminder.href}">${reminderWords[c.reminder.kind]} ${c.contactNumber}</a></li>`,
)}
</ul>`
    : ''
}${moreLine ? html`<p>${moreLine}</p>` : ''}`;
  return { text, html: body };
}

export function weeklyEmail(recipient: Recipient, summary: WeeklySummary) {
  const subject = `Your weekly crate report: ${periodText(summary.period)}`;
  const rows = weeklyLines(summary);
  const overdue = overdueSection(summary);
  const text = [
    `Hello ${recipient.name},`,
    '',
    `Your crates from ${periodText(summary.period)} (agent ${recipient.agentNumber}):`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    ...overdue.text,
    '',
    'Cratekeeper',
  ].join('\n');
  const body = html`<p>Hello ${recipient.name},</p>
<p>Your crates from ${periodText(summary.period)} (agent ${recipient.agentNumber}):</p>
<table cellpadding="4">
${rows.map(([label, value]) => html`<tr><th align="left">${label}</th><td align="right">${value}</td></tr>`)}
</table>
${overdue.html}
<p>Cratekeeper</p>`;
  return { subject, text, html: body.value };
}
