// The e-mails of monthly statements (decision 064): a reminder after 7 days unanswered, and the farm
// store's resolution of a dispute. Every value goes through the escaping html tag.
import { monthLabel } from '../../../shared/balance-statements.ts';
import { html } from '../../lib/html.ts';
import type { StatementRecord } from './repository.ts';

type Mail = { subject: string; text: string; html: string };

export function reminderEmail(r: Pick<StatementRecord, 'agentName' | 'month' | 'closing'>, farmName: string): Mail {
  const month = monthLabel(r.month);
  const subject = `Please confirm your crate statement for ${month}`;
  const line = `${farmName} sent you your crate statement for ${month} a week ago: it says you held ${r.closing} crates at the month's end. Open Cratekeeper and confirm it, or dispute it with the figure you believe.`;
  return {
    subject,
    text: [`Hello ${r.agentName},`, '', line, '', 'Cratekeeper'].join('\n'),
    html: html`<p>Hello ${r.agentName},</p><p>${line}</p><p>Cratekeeper</p>`.value,
  };
}

export function resolvedEmail(
  r: Pick<StatementRecord, 'agentName' | 'month' | 'closing' | 'believedClosing'> & {
    resolution: 'accepted' | 'answered';
    resolutionNote: string | null;
  },
  farmName: string,
): Mail {
  const month = monthLabel(r.month);
  const subject = `Your crate statement for ${month}: dispute resolved`;
  const difference = (r.believedClosing ?? r.closing) - r.closing;
  const outcome =
    r.resolution === 'accepted'
      ? `${farmName} accepted your figure of ${r.believedClosing} crates: ${difference > 0 ? '+' : '−'}${Math.abs(difference)} crates are booked on your account this month.`
      : `${farmName} answered your dispute; the statement stays at ${r.closing} crates.`;
  const note = r.resolutionNote ? `Their note: ${r.resolutionNote}` : '';
  return {
    subject,
    text: [`Hello ${r.agentName},`, '', outcome, note, '', 'Cratekeeper']
      .filter((l, i) => l !== '' || i !== 3)
      .join('\n'),
    html: html`<p>Hello ${r.agentName},</p><p>${outcome}</p>${note ? html`<p>${note}</p>` : ''}<p>Cratekeeper</p>`
      .value,
  };
}
