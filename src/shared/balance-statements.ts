// Monthly crate statements and client statement links (decision 064): schemas and messages of
// /api/balance-statements and /api/clients/{id}/statement-links for both sides.
import { z } from 'zod';
import {
  BELIEVED_CLOSING_MAX,
  balanceStatementMessages,
  balanceStatementStatuses,
  STATEMENT_NOTE_MAX,
  statementResolutions,
} from './balance-statements-labels.ts';
import { jsonId, multilineText, oneOf, requiredMultilineText, wholeNumber } from './fields.ts';
import { instant } from './http.ts';

// The zod-free half (statuses, limits, messages, labels, monthLabel) lives in
// balance-statements-labels.ts, so the agent's dashboard shows its statements without building these
// schemas (decision 031); it is re-exported here for everything else.
export * from './balance-statements-labels.ts';

const m = balanceStatementMessages;

/** A calendar month, YYYY-MM (2000-01 to 2999-12). */
export const monthValue = z.string({ error: m.month }).regex(/^2[0-9]{3}-(0[1-9]|1[0-2])$/, m.month);

/** POST /api/balance-statements: the month, and the agents (none: every active agent). */
export const issueStatementsBody = z.object({
  month: monthValue,
  marketAgentIds: z.array(jsonId(m.agentUnknown), { error: m.agentsRequired }).max(1000).optional(),
});
export type IssueStatementsBody = z.infer<typeof issueStatementsBody>;

export const statementListQuery = z.object({ month: monthValue.optional() });

/** PUT /api/balance-statements/{id}/dispute: the balance the agent believes, why, and optionally a photo. */
export const disputeStatementBody = z.object({
  believedClosing: wholeNumber(m.believedClosing, 0, BELIEVED_CLOSING_MAX),
  note: requiredMultilineText(m.noteRequired, STATEMENT_NOTE_MAX, m.noteTooLong),
  photo: z
    .object({
      contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
      data: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, m.photoUnreadable),
    })
    .optional()
    .nullable(),
});
export type DisputeStatementBody = z.infer<typeof disputeStatementBody>;

/** PUT /api/balance-statements/{id}/resolve: accept the agent's figure (booked) or answer it. */
export const resolveStatementBody = z.object({
  action: oneOf('action', ['accept', 'answer']),
  note: multilineText(STATEMENT_NOTE_MAX, m.noteTooLong).optional().nullable(),
});
export type ResolveStatementBody = z.infer<typeof resolveStatementBody>;

export const statementFiguresSchema = z.object({
  /** The agent's crates (full, empty and at its clients) when the month began. */
  opening: z.number().int(),
  /** Deliveries counted in (and opening balances from paper records). */
  received: z.number().int(),
  /** Empties sent back to the farm (less returns recalled). */
  sentBack: z.number().int(),
  /** Differences found on counting deliveries and their resolutions: + found, − short. */
  countDifferences: z.number().int(),
  /** Written off as missing at stock takes (less crates found). */
  missing: z.number().int(),
  /** Written off as damaged (clients' returns). */
  damaged: z.number().int(),
  /** Statement adjustments and anything else that moved the agent's crates. */
  adjustments: z.number().int(),
  /** Of the closing balance: crates at the agent's clients. */
  atClients: z.number().int(),
  /** opening + received − sentBack + countDifferences − missing − damaged + adjustments. */
  closing: z.number().int(),
});
export type StatementFigures = z.infer<typeof statementFiguresSchema>;

export const balanceStatementSchema = statementFiguresSchema.extend({
  id: z.number(),
  marketAgentId: z.number(),
  agentName: z.string(),
  month: z.string(),
  status: z.enum(balanceStatementStatuses),
  issuedAt: instant,
  answeredAt: instant.nullable(),
  believedClosing: z.number().nullable(),
  disputeNote: z.string().nullable(),
  resolution: z.enum(statementResolutions).nullable(),
  resolutionNote: z.string().nullable(),
  resolvedAt: instant.nullable(),
  /** Crates booked when the farm store accepted the agent's figure (+ or −); null otherwise. */
  adjustment: z.number().nullable(),
  /** The photos' ids (the evidence of a dispute: /api/evidence/{id}/photo). */
  photoIds: z.array(z.number()),
  /** Waiting for more than STATEMENT_REMINDER_DAYS days. */
  overdue: z.boolean(),
  canConfirm: z.boolean(),
  canDispute: z.boolean(),
  canResolve: z.boolean(),
});
export type BalanceStatement = z.infer<typeof balanceStatementSchema>;
export const balanceStatementListResponse = z.array(balanceStatementSchema);

export const statementLinkSchema = z.object({ id: z.number(), url: z.string(), expiresAt: instant });
export type StatementLink = z.infer<typeof statementLinkSchema>;

/** opening + in − out: what closing must be. */
export const closingOf = (f: Omit<StatementFigures, 'closing' | 'atClients'>) =>
  f.opening + f.received - f.sentBack + f.countDifferences - f.missing - f.damaged + f.adjustments;
