// Monthly crate statements' constants, messages and labels (decision 064), without zod, so the agent's
// dashboard can show its statements without building the request schemas (decisions 031, 033).
// src/shared/balance-statements.ts re-exports all of it, with the schemas.

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
  month: 'Choose a month as YYYY-MM, e.g. 2026-11',
  monthNotEnded: 'Statements are issued for a month that has ended: choose an earlier month',
  agentsRequired: 'Choose at least one agent, or none for all of them',
  agentUnknown: 'One of the chosen agents does not exist or is not active',
  noAgents: 'There are no active market agents to send a statement to',
  alreadyIssued: (month: string, names: string) => `The statement for ${month} was already issued to ${names}`,
  notFound: 'Statement not found',
  notWaiting: 'This statement was already answered',
  notDisputed: 'Only a disputed statement can be resolved',
  believedClosing: `Enter the crates you believe you held at the month's end: a whole number from 0 to ${BELIEVED_CLOSING_MAX.toLocaleString('en-ZA')}`,
  noteRequired: 'Say why the figure is different',
  noteTooLong: `The note must be at most ${STATEMENT_NOTE_MAX} characters`,
  answerRequired: 'Write the answer the agent will read',
  sameFigure: "The figure you believe is the statement's own: confirm it instead",
  tooFewNow: (held: number) => `The agent now holds only ${held} crates: answer the dispute instead`,
  figuresDontAddUp: 'The ledger figures do not add up',
  issued: (count: number) => `${count} statement${count === 1 ? '' : 's'} issued`,
  confirmed: 'Statement confirmed: the month is closed',
  disputed: 'Dispute sent to the farm store',
  accepted: "The agent's figure is accepted and booked",
  answered: 'Answer sent to the agent',
  linkCreated: 'Statement link ready',
  linkRevoked: 'Statement link revoked',
  linkNotFound: 'Statement link not found',
  linkRateLimited: 'Too many statement links: try again in an hour',
  clientNotFound: 'Client not found',
} as const;

export const statementStatusLabels: Record<BalanceStatementStatus, string> = {
  waiting: 'Not answered',
  confirmed: 'Confirmed',
  disputed: 'Disputed',
  resolved: 'Resolved',
};

/** "November 2026" for "2026-11". */
export function monthLabel(month: string): string {
  const [y, mo] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, mo - 1, 1)),
  );
}
