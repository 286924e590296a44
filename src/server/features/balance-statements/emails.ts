// The e-mails of monthly statements (decision 064): a reminder after 7 days unanswered, and the farm
// store's resolution of a dispute. Every value goes through the escaping html tag. Each is in the
// agent's language (users.language, decision 065), from the catalogue's `mail` namespace.

import { html } from '../../lib/html.ts';
import { formatMonthIn, translatorFor } from '../../lib/i18n.ts';
import type { StatementRecord } from './repository.ts';

type Mail = { subject: string; text: string; html: string };

export function reminderEmail(
  r: Pick<StatementRecord, 'agentName' | 'agentLanguage' | 'month' | 'closing'>,
  farmName: string,
): Mail {
  const tr = translatorFor(r.agentLanguage);
  const month = formatMonthIn(tr, r.month);
  const subject = tr.t('mail.statementReminderSubject', { month });
  const line = tr.t('mail.statementReminderLine', { farm: farmName, month, closing: r.closing });
  const hello = tr.t('mail.hello', { name: r.agentName });
  return {
    subject,
    text: [hello, '', line, '', 'Cratekeeper'].join('\n'),
    html: html`<p>${hello}</p><p>${line}</p><p>Cratekeeper</p>`.value,
  };
}

export function resolvedEmail(
  r: Pick<StatementRecord, 'agentName' | 'agentLanguage' | 'month' | 'closing' | 'believedClosing'> & {
    resolution: 'accepted' | 'answered';
    resolutionNote: string | null;
  },
  farmName: string,
): Mail {
  const tr = translatorFor(r.agentLanguage);
  const month = formatMonthIn(tr, r.month);
  const subject = tr.t('mail.statementResolvedSubject', { month });
  const difference = (r.believedClosing ?? r.closing) - r.closing;
  const outcome =
    r.resolution === 'accepted'
      ? tr.t('mail.statementAccepted', {
          farm: farmName,
          believed: r.believedClosing ?? r.closing,
          difference: `${difference > 0 ? '+' : '−'}${Math.abs(difference)}`,
        })
      : tr.t('mail.statementAnswered', { farm: farmName, closing: String(r.closing) });
  const note = r.resolutionNote ? tr.t('mail.statementNote', { note: r.resolutionNote }) : '';
  const hello = tr.t('mail.hello', { name: r.agentName });
  return {
    subject,
    text: [hello, '', outcome, note, '', 'Cratekeeper'].filter((l, i) => l !== '' || i !== 3).join('\n'),
    html: html`<p>${hello}</p><p>${outcome}</p>${note ? html`<p>${note}</p>` : ''}<p>Cratekeeper</p>`.value,
  };
}
