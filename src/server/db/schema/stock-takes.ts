// Stock takes (decision 051): the farm store starts one for all or some agents; each agent counts its
// full and empty crates and, client by client, what its clients hold. A line's difference (counted −
// expected, the ledger's balance when the count was submitted) is flagged; the farm store accepts it
// (booked on the ledger: missing crates to the write-off account, found ones back) or asks a recount.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { marketAgents, users } from './users.ts';

export const stockTakeCountStatuses = ['open', 'submitted', 'resolved'] as const;
export const stockTakeHolderKinds = ['full', 'empty', 'client'] as const;
export const stockTakeResolutions = ['accepted', 'recount'] as const;

const listed = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const stockTakes = pgTable('stock_takes', {
  id: serial('id').primaryKey(),
  startedBy: integer('started_by')
    .notNull()
    .references(() => users.id),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One agent's count within a stock take. */
export const stockTakeCounts = pgTable(
  'stock_take_counts',
  {
    id: serial('id').primaryKey(),
    stockTakeId: integer('stock_take_id')
      .notNull()
      .references(() => stockTakes.id),
    marketAgentId: integer('market_agent_id')
      .notNull()
      .references(() => marketAgents.id),
    status: text('status', { enum: stockTakeCountStatuses }).notNull().default('open'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: integer('submitted_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_take_counts_take_agent_uq').on(t.stockTakeId, t.marketAgentId),
    // An agent's history, newest first, and its one unfinished count (a second start is a 409).
    index('stock_take_counts_agent_idx').on(t.marketAgentId, t.id),
    uniqueIndex('stock_take_counts_one_unfinished_uq').on(t.marketAgentId).where(sql`${t.status} <> 'resolved'`),
    // The farm store's list of counts waiting for it.
    index('stock_take_counts_submitted_idx').on(t.id).where(sql`${t.status} = 'submitted'`),
    check('stock_take_counts_status_known', sql`${t.status} in (${listed(stockTakeCountStatuses)})`),
  ],
);

/** One counted holder of a count: the agent's full crates, its empties, or one client's crates. */
export const stockTakeLines = pgTable(
  'stock_take_lines',
  {
    id: serial('id').primaryKey(),
    countId: integer('count_id')
      .notNull()
      .references(() => stockTakeCounts.id),
    holderKind: text('holder_kind', { enum: stockTakeHolderKinds }).notNull(),
    clientId: integer('client_id').references(() => clients.id),
    /** The ledger's balance when the count was submitted. */
    expected: integer('expected').notNull(),
    counted: integer('counted').notNull(),
    resolution: text('resolution', { enum: stockTakeResolutions }),
    resolutionNote: text('resolution_note'),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('stock_take_lines_count_idx').on(t.countId),
    uniqueIndex('stock_take_lines_own_uq').on(t.countId, t.holderKind).where(sql`${t.clientId} is null`),
    uniqueIndex('stock_take_lines_client_uq').on(t.countId, t.clientId).where(sql`${t.clientId} is not null`),
    check('stock_take_lines_kind_known', sql`${t.holderKind} in (${listed(stockTakeHolderKinds)})`),
    check('stock_take_lines_client_named', sql`(${t.holderKind} = 'client') = (${t.clientId} is not null)`),
    check('stock_take_lines_counts', sql`${t.expected} >= 0 and ${t.counted} >= 0`),
    check(
      'stock_take_lines_resolution_known',
      sql`${t.resolution} is null or ${t.resolution} in (${listed(stockTakeResolutions)})`,
    ),
  ],
);
