// The crate ledger (DESIGN §4): every change of a crate count is one append-only movement from one
// holder to another, written in the same transaction as the action that caused it.
//
// Holders are strings: 'external' (the world outside the farm's pool: crates bought come from it,
// damaged crates go back to it), 'farm', 'transit', 'writeoff', 'agent:{id}:full', 'agent:{id}:empty',
// 'client:{id}', 'supplier:{id}'. crate_balances keeps each holder's running sum in the same
// transaction, so screens read one row instead of summing the ledger; a test checks both agree.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { transmissions } from './transmissions.ts';
import { users } from './users.ts';

export const crateMovements = pgTable(
  'crate_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    fromHolder: text('from_holder').notNull(),
    toHolder: text('to_holder').notNull(),
    quantity: integer('quantity').notNull(),
    // stock_adjustment | opening_balance | dispatch | receipt | count_difference | lend | client_return |
    // supplier_issue | resolution
    kind: text('kind').notNull(),
    transmissionId: integer('transmission_id').references(() => transmissions.id),
    clientTransactionId: integer('client_transaction_id'),
    reason: text('reason'),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [
    index('crate_movements_from_idx').on(t.fromHolder),
    index('crate_movements_to_idx').on(t.toHolder),
    index('crate_movements_transmission_idx').on(t.transmissionId),
    index('crate_movements_occurred_idx').on(t.occurredAt),
    // The settings tab's history of stock adjustments and opening balances, newest first.
    index('crate_movements_stock_entries_idx')
      .on(t.id)
      .where(sql`${t.kind} in ('stock_adjustment', 'opening_balance')`),
  ],
);

export const crateBalances = pgTable('crate_balances', {
  holder: text('holder').primaryKey(),
  balance: integer('balance').notNull().default(0),
});
