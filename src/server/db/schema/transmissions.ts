// Crates in motion between the farm, market agents and suppliers (spec §3 Transmission).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { transmissionStatuses, transmissionTypes } from '../../../shared/transmissions.ts';
import { marketAgents, users } from './users.ts';

const listed = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const transmissions = pgTable(
  'transmissions',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: transmissionTypes }).notNull(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id),
    // null: addressed to the farm store role, so any active farm store user may acknowledge it
    // (DESIGN §7: an agent's returned empties and a supplier's crate request, docs/decisions/012).
    toUserId: integer('to_user_id').references(() => users.id),
    marketAgentId: integer('market_agent_id').references(() => marketAgents.id),
    quantity: integer('quantity').notNull(),
    actualQuantity: integer('actual_quantity'),
    notes: text('notes'),
    // A delivery split into labelled stacks of this many crates, the last one smaller (decision 073);
    // null: no stacks. scanned_stacks: the stack numbers the recipient's phone read when counting.
    stackSize: integer('stack_size'),
    scannedStacks: integer('scanned_stacks').array(),
    status: text('status', { enum: transmissionStatuses }).notNull().default('pending'),
    // A counted quantity that differs from the sent one is kept and flagged until the farm resolves it.
    isFlagged: boolean('is_flagged').notNull().default(false),
    resolutionNote: text('resolution_note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id),
    // The sender took a still-pending transmission back; its crates went back where they came from.
    recalledAt: timestamp('recalled_at', { withTimezone: true }),
    recalledBy: integer('recalled_by').references(() => users.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // What waits for a recipient (badge counts, the incoming list): only pending rows, so it stays
    // tiny and acknowledging never leaves dead entries in it.
    index('transmissions_pending_to_idx').on(t.toUserId, t.id).where(sql`${t.status} = 'pending'`),
    // An agent's or supplier's list: from or to them, newest first.
    index('transmissions_to_user_id_idx').on(t.toUserId, t.id),
    // Return rate per agent (spec §9): acknowledged returns since the cycle started. actual_quantity
    // is in the key so the per-agent sum is an index-only scan.
    index('transmissions_returns_idx')
      .on(t.marketAgentId, t.acknowledgedAt, t.actualQuantity)
      .where(sql`${t.type} = 'market_to_farm' and ${t.status} = 'acknowledged'`),
    index('transmissions_from_user_idx').on(t.fromUserId, t.id),
    // Reports: what was sent in a period (calendar days in the farm's time zone), farm-wide or per agent.
    index('transmissions_sent_idx').on(t.sentAt, t.marketAgentId),
    index('transmissions_agent_idx').on(t.marketAgentId, t.id),
    index('transmissions_flagged_idx').on(t.id).where(sql`${t.isFlagged} and ${t.resolvedAt} is null`),
    // The flagged list with state=all, newest first (without it: a backward scan over every row).
    index('transmissions_flagged_all_idx').on(t.id).where(sql`${t.isFlagged}`),
    check('transmissions_type_known', sql`${t.type} in (${listed(transmissionTypes)})`),
    check('transmissions_status_known', sql`${t.status} in (${listed(transmissionStatuses)})`),
    check('transmissions_quantity_positive', sql`${t.quantity} > 0`),
    check('transmissions_actual_not_negative', sql`${t.actualQuantity} >= 0`),
    check('transmissions_stack_size_positive', sql`${t.stackSize} > 0`),
    // Only what goes to the farm is addressed to the farm store role; a delivery names its agent.
    check(
      'transmissions_addressed',
      sql`${t.toUserId} is not null or ${t.type} in ('market_to_farm', 'supplier_to_farm')`,
    ),
    check('transmissions_agent_named', sql`${t.type} = 'supplier_to_farm' or ${t.marketAgentId} is not null`),
  ],
);
