// Monthly crate statements' constants, messages and labels (decision 064), without zod, so the agent's
// dashboard can show its statements without building the request schemas (decisions 031, 033).
// src/shared/balance-statements.ts re-exports all of it, with the schemas. The English lives in
// src/shared/i18n/en/balance-statements.json.

import balanceStatementsEnglish from './i18n/en/balance-statements.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';

addEnglish({ 'balance-statements': balanceStatementsEnglish });

export const balanceStatementStatuses = ['waiting', 'confirmed', 'disputed', 'resolved'] as const;
export type BalanceStatementStatus = (typeof balanceStatementStatuses)[number];
export const statementResolutions = ['accepted', 'answered'] as const;

/** Days after which an unanswered statement is reminded (e-mail and the agent's header badge). */
export const STATEMENT_REMINDER_DAYS = 7;
/** How long a client's statement link works. */
export const STATEMENT_LINK_DAYS = 30;
/** How far back the client's page looks. */
export const STATEMENT_LINK_HISTORY_DAYS = 90;
export const BELIEVED_CLOSING_MAX = 1_000_000;
export const STATEMENT_NOTE_MAX = 500;

export const balanceStatementMessages = {
  month: english('balance-statements.month'),
  monthNotEnded: english('balance-statements.monthNotEnded'),
  agentsRequired: english('balance-statements.agentsRequired'),
  agentUnknown: english('balance-statements.agentUnknown'),
  noAgents: english('balance-statements.noAgents'),
  alreadyIssued: (month: string, names: string) => english('balance-statements.alreadyIssued', { month, names }),
  notFound: english('balance-statements.notFound'),
  notWaiting: english('balance-statements.notWaiting'),
  notDisputed: english('balance-statements.notDisputed'),
  believedClosing: english('balance-statements.believedClosing', { max: BELIEVED_CLOSING_MAX }),
  noteRequired: english('balance-statements.noteRequired'),
  noteTooLong: english('balance-statements.noteTooLong', { max: STATEMENT_NOTE_MAX }),
  answerRequired: english('balance-statements.answerRequired'),
  sameFigure: english('balance-statements.sameFigure'),
  tooFewNow: (held: number) => english('balance-statements.tooFewNow', { held }),
  figuresDontAddUp: english('balance-statements.figuresDontAddUp'),
  issued: (count: number) => english('balance-statements.issued', { count }),
  confirmed: english('balance-statements.confirmed'),
  disputed: english('balance-statements.disputed'),
  accepted: english('balance-statements.accepted'),
  answered: english('balance-statements.answered'),
  linkCreated: english('balance-statements.linkCreated'),
  linkRevoked: english('balance-statements.linkRevoked'),
  linkNotFound: english('balance-statements.linkNotFound'),
  linkRateLimited: english('balance-statements.linkRateLimited'),
  clientNotFound: english('balance-statements.clientNotFound'),
  photoUnreadable: english('balance-statements.photoUnreadable'),
} as const;

/** "November 2026" for "2026-11"; the client passes its `t` for the reader's month names. */
export function monthLabel(month: string, say: (key: string) => string = english): string {
  const [y, mo] = month.split('-').map(Number);
  return `${say('balance-statements.monthNames').split(' ')[mo - 1] ?? ''} ${y}`;
}
