// The e-mails reports send: a report with its PDF attached, and an agent's weekly summary. Text and
// HTML say the same; every value in the HTML goes through the escaping html tag. Each is in its
// reader's language (users.language, decision 065): the words come from the catalogue's `mail`
// namespace, English where a language lacks one.
import { formatRandDecimal } from '../../../shared/money.ts';
import type { ReportSummary, ReportType, WeeklySummary } from '../../../shared/reports.ts';
import { html } from '../../lib/html.ts';
import { formatDateIn, type Translator, translatorFor } from '../../lib/i18n.ts';
import type { Recipient } from './repository.ts';

const ENGLISH = translatorFor('en');

/**
 * '2026-11-05' → '5 Nov 2026' (in the reader's language), read from the text itself: never through
 * Date parsing, which takes the years 0–99 for 1900–1999 (a statement dated 0099 printed 1999).
 * Anything else is printed as given.
 */
export const longDate = (day: string, tr: Translator = ENGLISH) => formatDateIn(tr, day);
export const periodText = (p: { startDate: string; endDate: string }, tr: Translator = ENGLISH) =>
  tr.t('mail.period', { start: longDate(p.startDate, tr), end: longDate(p.endDate, tr) });

const TYPE_KEYS: Record<ReportType, string> = {
  weekly: 'mail.typeWeekly',
  monthly: 'mail.typeMonthly',
  billing: 'mail.typeBilling',
  custom: 'mail.typeCustom',
};
/** 'Weekly', 'Monthly' … in the reader's language. */
export const reportTypeText = (type: ReportType, tr: Translator = ENGLISH) => tr.t(TYPE_KEYS[type]);

export function reportEmail(recipient: Recipient, summary: ReportSummary, type: ReportType) {
  const tr = translatorFor(recipient.language);
  const typeLabel = reportTypeText(type, tr);
  const period = periodText(summary.period, tr);
  const subject = tr.t('mail.reportSubject', { type: typeLabel, period });
  const t = summary.totals;
  const b = summary.billing;
  // The recipient's own figures: the summary is built for this one agent.
  const figures = [
    tr.t('mail.reportTransmissions', { count: String(t.totalTransmissions) }),
    tr.t('mail.reportCratesMoved', { count: String(t.cratesMoved) }),
    tr.t('mail.reportCompletion', { rate: String(t.completionRate) }),
    tr.t('mail.reportDamaged', { count: String(summary.writeOffs.damaged) }),
    tr.t('mail.reportMissing', { count: String(summary.writeOffs.missing) }),
    tr.t('mail.reportBilled', { amount: formatRandDecimal(b.billedAmount), crates: b.billedCrates }),
    tr.t('mail.reportOwed', { amount: formatRandDecimal(b.totalOwed) }),
  ];
  const hello = tr.t('mail.hello', { name: recipient.name });
  const intro = tr.t('mail.reportIntro', { type: typeLabel.toLocaleLowerCase(), period });
  const lines = [hello, '', intro, '', ...figures, '', 'Cratekeeper'];
  const body = html`<p>${hello}</p>
<p>${intro}</p>
<ul>
${figures.map((line) => html`<li>${line}</li>`)}
</ul>
<p>Cratekeeper</p>`;
  return { subject, text: lines.join('\n'), html: body.value };
}

const cratesText = (n: number, tr: Translator) => tr.t('mail.crates', { count: n });
/** Damaged crates (decision 056): written off, not back in use; said apart from missing ones. */
export const damagedText = (n: number, tr: Translator = ENGLISH) =>
  n === 0 ? tr.t('mail.none') : tr.t('mail.damagedValue', { crates: cratesText(n, tr) });
/** Missing crates: written off at stock takes less crates found; more found than missing says so. */
export const missingText = (n: number, tr: Translator = ENGLISH) =>
  n === 0 ? tr.t('mail.none') : n > 0 ? cratesText(n, tr) : tr.t('mail.missingFound', { crates: cratesText(-n, tr) });

/** '12 (60 crates)': a count and the crates it carried. */
const countOfCrates = (count: number, crates: number, tr: Translator) =>
  tr.t('mail.weeklyCountOfCrates', { count: String(count), crates });

/** The weekly summary's lines, shared by the e-mail's text and HTML. */
export function weeklyLines(s: WeeklySummary, tr: Translator = ENGLISH): [string, string][] {
  const e = s.earnings;
  return [
    [tr.t('mail.weeklyTransmissions'), String(s.transmissions.total)],
    [tr.t('mail.weeklyReceived'), countOfCrates(s.transmissions.received, s.transmissions.cratesReceived, tr)],
    [tr.t('mail.weeklyReturned'), countOfCrates(s.transmissions.returned, s.transmissions.cratesReturned, tr)],
    [tr.t('mail.weeklyPending'), String(s.transmissions.pending)],
    [tr.t('mail.weeklyLoans'), countOfCrates(s.loans.lentThisWeek, s.loans.cratesLentThisWeek, tr)],
    [tr.t('mail.weeklyOpenLoans'), String(s.loans.openLoans)],
    [tr.t('mail.weeklyFull'), String(s.crates.full)],
    [tr.t('mail.weeklyEmpty'), String(s.crates.empty)],
    [tr.t('mail.weeklyWithClients'), String(s.crates.withClients)],
    [tr.t('mail.weeklyDamaged'), damagedText(s.writeOffs.damaged, tr)],
    [tr.t('mail.weeklyMissing'), missingText(s.writeOffs.missing, tr)],
    [
      tr.t('mail.weeklyEarnings'),
      tr.t('mail.weeklyEarningsValue', { amount: formatRandDecimal(e.totalEarnings), crates: e.cratesBilled }),
    ],
    [tr.t('mail.weeklyPaid'), formatRandDecimal(e.totalPaid)],
    [tr.t('mail.weeklyOwed'), formatRandDecimal(e.totalOwed)],
    ...(e.unbilledCratesThisWeek > 0
      ? ([[tr.t('mail.weeklyUnbilled'), tr.t('mail.weeklyUnbilledValue', { crates: e.unbilledCratesThisWeek })]] as [
          string,
          string,
        ][])
      : []),
    [
      tr.t('mail.weeklyEmptyValue'),
      e.emptyCratesValue === null
        ? tr.t('mail.noActiveCycle')
        : tr.t('mail.weeklyEmptyValueAt', {
            value: formatRandDecimal(e.emptyCratesValue),
            rate: formatRandDecimal(e.ratePerCrate),
          }),
    ],
  ];
}

/** At most this many overdue clients are listed in an e-mail; the rest are counted (the Clients screen has them all). */
export const OVERDUE_CLIENTS_IN_EMAIL = 30;

type OverdueClientLine = WeeklySummary['overdue']['clients'][number];

const reminderKeys = { whatsapp: 'mail.reminderWhatsapp', call: 'mail.reminderCall' } as const;

/** 'Mama Thandi Veg (Thandi Mokoena): 12 crates out, 21 days', the same in text and HTML. */
const overdueClientText = (c: OverdueClientLine, tr: Translator) =>
  tr.t('mail.overdueClient', {
    business: c.businessName,
    client: c.clientName,
    crates: c.outstandingCrates,
    days: String(c.daysOut),
  });

/**
 * The overdue clients section (decision 054): a heading, each client with its
 * WhatsApp or call link (the Clients screen's rule, shared/clients-labels.ts), or a line saying none is.
 */
export function overdueSection(s: WeeklySummary, tr: Translator = ENGLISH) {
  const { afterDays, clients } = s.overdue;
  const days = String(afterDays);
  const heading =
    clients.length === 0
      ? tr.t('mail.overdueNone', { days })
      : tr.t('mail.overdueHeading', { days, count: String(clients.length) });
  const listed = clients.slice(0, OVERDUE_CLIENTS_IN_EMAIL);
  const more = clients.length - listed.length;
  const moreLine = more > 0 ? tr.t('mail.overdueMore', { count: String(more) }) : null;
  const reminder = (c: OverdueClientLine) => tr.t(reminderKeys[c.reminder.kind]);
  const text = [
    heading,
    ...listed.map((c) => `- ${overdueClientText(c, tr)}. ${reminder(c)}: ${c.reminder.href}`),
    ...(moreLine ? [moreLine] : []),
  ];
  const body = html`<p><strong>${heading}</strong></p>
${
  listed.length > 0
    ? html`<ul>
${listed.map(
  (c) => html`<li>${overdueClientText(c, tr)}: <a href="${c.reminder.href}">${reminder(c)} ${c.contactNumber}</a></li>`,
)}
</ul>`
    : ''
}${moreLine ? html`<p>${moreLine}</p>` : ''}`;
  return { text, html: body };
}

export function weeklyEmail(recipient: Recipient, summary: WeeklySummary) {
  const tr = translatorFor(recipient.language);
  const period = periodText(summary.period, tr);
  const subject = tr.t('mail.weeklySubject', { period });
  const rows = weeklyLines(summary, tr);
  const overdue = overdueSection(summary, tr);
  const hello = tr.t('mail.hello', { name: recipient.name });
  const intro = tr.t('mail.weeklyIntro', { period, agentNumber: recipient.agentNumber });
  const text = [
    hello,
    '',
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    ...overdue.text,
    '',
    'Cratekeeper',
  ].join('\n');
  const body = html`<p>${hello}</p>
<p>${intro}</p>
<table cellpadding="4">
${rows.map(([label, value]) => html`<tr><th align="left">${label}</th><td align="right">${value}</td></tr>`)}
</table>
${overdue.html}
<p>Cratekeeper</p>`;
  return { subject, text, html: body.value };
}
