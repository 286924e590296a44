// Monthly crate statements (decision 064): the farm store issues one per agent for a month that has
// ended, its figures read from the ledger up to the month's end and kept here; the agent confirms it or
// disputes it with the balance it believes; the farm store accepts the agent's figure (an adjustment on
// the ledger, dated now, the statement as its reason) or answers. Once issued, the month is closed for
// that agent: a trigger (in this table's migration) refuses any crate movement dated inside an issued
// month that touches the agent's or its clients' holders, and the invariant checker compares each
// statement with the ledger again. Statement links let an agent's client see its own crates, read-only.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { balanceStatementStatuses, statementResolutions } from '../../../shared/balance-statements.ts';
import { clients } from './clients.ts';
import { crateMovements } from './crates.ts';
import { marketAgents, users } from './users.ts';

const listed = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const balanceStatements = pgTable(
  'balance_statements',
  {
    id: serial('id').primaryKey(),
    marketAgentId: integer('market_agent_id')
      .notNull()
      .references(() => marketAgents.id),
    /** YYYY-MM, a calendar month in FARM_TIMEZONE. */
    month: text('month').notNull(),
    /** The month's first and last instants (the next month's first, excluded) in FARM_TIMEZONE. */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    opening: integer('opening').notNull(),
    received: integer('received').notNull(),
    sentBack: integer('sent_back').notNull(),
    countDifferences: integer('count_differences').notNull(),
    missing: integer('missing').notNull(),
    damaged: integer('damaged').notNull(),
    adjustments: integer('adjustments').notNull(),
    atClients: integer('at_clients').notNull(),
    closing: integer('closing').notNull(),
    status: text('status', { enum: balanceStatementStatuses }).notNull().default('waiting'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedBy: integer('issued_by')
      .notNull()
      .references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => users.id),
    believedClosing: integer('believed_closing'),
    disputeNote: text('dispute_note'),
    resolution: text('resolution', { enum: statementResolutions }),
    resolutionNote: text('resolution_note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id),
    adjustmentMovementId: bigint('adjustment_movement_id', { mode: 'number' }).references(() => crateMovements.id),
    /** When the 7-day reminder went out (once per statement). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('balance_statements_agent_month_uq').on(t.marketAgentId, t.month),
    index('balance_statements_month_idx').on(t.month, t.marketAgentId),
    // The closed-month trigger: is any statement's month still ahead of this movement?
    index('balance_statements_period_end_idx').on(t.periodEnd),
    // The reminder job and the agent's badge: statements nobody answered yet.
    index('balance_statements_waiting_idx').on(t.issuedAt).where(sql`${t.status} = 'waiting'`),
    check('balance_statements_month_form', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('balance_statements_status_known', sql`${t.status} in (${listed(balanceStatementStatuses)})`),
    check(
      'balance_statements_resolution_known',
      sql`${t.resolution} is null or ${t.resolution} in (${listed(statementResolutions)})`,
    ),
    // opening + in − out = closing, kept by the database as well as checked by the service.
    check(
      'balance_statements_figures_add_up',
      sql`${t.opening} + ${t.received} - ${t.sentBack} + ${t.countDifferences} - ${t.missing} - ${t.damaged} + ${t.adjustments} = ${t.closing}`,
    ),
    check('balance_statements_period', sql`${t.periodStart} < ${t.periodEnd}`),
    check(
      'balance_statements_disputed_with_figure',
      sql`${t.status} not in ('disputed', 'resolved') or ${t.believedClosing} is not null`,
    ),
    check('balance_statements_resolved_how', sql`(${t.status} = 'resolved') = (${t.resolution} is not null)`),
  ],
);

/**
 * A link an agent sends its client (decision 064): /s/{token} shows that client's crates, read-only,
 * without sign-in. Only the token's SHA-256 is kept; it expires, and the agent may revoke it.
 */
export const statementLinks = pgTable(
  'statement_links',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('statement_links_client_idx').on(t.clientId, t.id)],
);
