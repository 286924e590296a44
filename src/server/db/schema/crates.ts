// The crate ledger (DESIGN §4): every change of a crate count is one append-only movement from one
// holder to another, written in the same transaction as the action that caused it.
//
// Holders are strings: 'external' (the world outside the farm's pool: crates bought come from it,
// damaged crates go back to it), 'farm', 'transit', 'writeoff', 'agent:{id}:full', 'agent:{id}:empty',
// 'client:{id}', 'supplier:{id}'. crate_balances keeps each holder's running sum in the same
// transaction, so screens read one row instead of summing the ledger; a test checks both agree.
// Only src/server/features/crates/ledger.ts spells these names; everything else asks it.
//
// The database keeps the invariant too (docs/decisions/012): balances are never below zero but for
// 'external' and 'writeoff', a movement moves a positive quantity between two different holders that
// have a crate_balances row, an agent's, supplier's or client's holder names an existing row (generated columns
// with foreign keys), and crate_movements is append-only (a trigger in migration 0003 refuses UPDATE,
// DELETE and TRUNCATE).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clients, clientTransactions } from './clients.ts';
import { transmissions } from './transmissions.ts';
import { marketAgents, suppliers, users } from './users.ts';

export const movementKinds = [
  'stock_adjustment',
  'opening_balance',
  'dispatch',
  'receipt',
  'count_difference',
  'lend',
  'client_return',
  'supplier_issue',
  'resolution',
  'recall',
  // Crates marked damaged on a client's return or the farm's count of returned empties (decision 051).
  'damage',
  // A stock take's accepted difference: missing crates to the write-off account, or crates found (decision 051).
  'stock_take',
  // A disputed monthly statement the farm store accepted: the agent's figure booked now (decision 064).
  'statement',
] as const;

const listed = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const crateMovements = pgTable(
  'crate_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    fromHolder: text('from_holder')
      .notNull()
      .references(() => crateBalances.holder),
    toHolder: text('to_holder')
      .notNull()
      .references(() => crateBalances.holder),
    quantity: integer('quantity').notNull(),
    kind: text('kind', { enum: movementKinds }).notNull(),
    transmissionId: integer('transmission_id').references(() => transmissions.id),
    clientTransactionId: integer('client_transaction_id').references(() => clientTransactions.id),
    reason: text('reason'),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [
    index('crate_movements_from_idx').on(t.fromHolder),
    index('crate_movements_to_idx').on(t.toHolder),
    index('crate_movements_transmission_idx').on(t.transmissionId),
    index('crate_movements_client_transaction_idx').on(t.clientTransactionId),
    index('crate_movements_occurred_idx').on(t.occurredAt),
    // The settings tab's history of stock adjustments and opening balances, newest first.
    index('crate_movements_stock_entries_idx')
      .on(t.id)
      .where(sql`${t.kind} in ('stock_adjustment', 'opening_balance')`),
    // Damaged crates (decision 051): the farm's figures and each agent's losses sum these.
    index('crate_movements_damage_idx').on(t.id).where(sql`${t.kind} = 'damage'`),
    // Each agent's damaged and missing crates of a report's period (decision 056): the write-offs by day.
    index('crate_movements_write_offs_idx').on(t.occurredAt).where(sql`${t.kind} in ('damage', 'stock_take')`),
    check('crate_movements_quantity_positive', sql`${t.quantity} > 0`),
    check('crate_movements_two_holders', sql`${t.fromHolder} <> ${t.toHolder}`),
    check('crate_movements_kind_known', sql`${t.kind} in (${listed(movementKinds)})`),
  ],
);

/** What a holder's name may look like (the ledger's `holders`); anything else is refused. */
const HOLDER_FORM =
  '^(external|farm|transit|writeoff|agent:[1-9][0-9]*:(full|empty)|client:[1-9][0-9]*|supplier:[1-9][0-9]*)$';

export const crateBalances = pgTable(
  'crate_balances',
  {
    holder: text('holder').primaryKey(),
    balance: integer('balance').notNull().default(0),
    // The row an agent's or supplier's holder names, so the name can't point at nobody.
    marketAgentId: integer('market_agent_id')
      .generatedAlwaysAs(sql`case when holder like 'agent:%' then split_part(holder, ':', 2)::integer end`)
      .references(() => marketAgents.id),
    supplierId: integer('supplier_id')
      .generatedAlwaysAs(sql`case when holder like 'supplier:%' then split_part(holder, ':', 2)::integer end`)
      .references(() => suppliers.id),
    clientId: integer('client_id')
      .generatedAlwaysAs(sql`case when holder like 'client:%' then split_part(holder, ':', 2)::integer end`)
      .references(() => clients.id),
  },
  (t) => [
    // An agent's full and empty crates (agents list, /me, reports) and each client's (an agent's
    // "with clients"), by id: partial, since every other holder has null there.
    index('crate_balances_agent_idx').on(t.marketAgentId).where(sql`${t.marketAgentId} is not null`),
    index('crate_balances_client_idx').on(t.clientId).where(sql`${t.clientId} is not null`),
    check('crate_balances_not_negative', sql`${t.balance} >= 0 or ${t.holder} in ('external', 'writeoff')`),
    check('crate_balances_holder_form', sql`${t.holder} ~ ${sql.raw(`'${HOLDER_FORM}'`)}`),
  ],
);

/**
 * The farm's flow per 15-minute slot (UTC, counted from 2000-01-01): crates dispatched from the farm to
 * markets (a recall taken off again) and crates counted back in at the farm. moveCrates adds each such
 * movement here in its own transaction, so the dashboard's twelve weeks of flow read at most 12 × 672
 * rows however busy the weeks were (docs/decisions/030); the invariant checker compares it with
 * crate_movements. Fifteen minutes because every time zone's offset from UTC is a multiple of it: a
 * week that starts at midnight in FARM_TIMEZONE starts on a slot boundary.
 */
export const farmFlowTotals = pgTable('farm_flow_totals', {
  slotStart: timestamp('slot_start', { withTimezone: true }).primaryKey(),
  /** Dispatched minus recalled: negative in a slot where more came back unsent than went out. */
  sent: integer('sent').notNull().default(0),
  returned: integer('returned').notNull().default(0),
});

/**
 * Each agent's crates per farm day (docs/decisions/078), kept by moveCrates in the movement's own
 * transaction so the insights read a few rows per agent and day instead of the ledger. The day is the
 * farm's calendar day in the time zone the totals were kept in (settings 'crate-days:time-zone';
 * crates/crate-days.ts rebuilds them when FARM_TIMEZONE changes). Agent 0 holds what no agent is party
 * to (stock adjustments, supplier crates, the farm's own stock takes): movements that already lock the
 * farm's balance row, never a delivery, a return or a loan. The invariant checker compares every row
 * with crate_movements.
 */
export const agentCrateDays = pgTable(
  'agent_crate_days',
  {
    marketAgentId: integer('market_agent_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Turnaround (decision 070): delivered to the agent, counted back in at the farm, written off on its way. */
    out: integer('out').notNull().default(0),
    back: integer('back').notNull().default(0),
    lost: integer('lost').notNull().default(0),
    /** The weekly figures: dispatched less recalled, received by the agent, counted in at the farm, written off. */
    sent: integer('sent').notNull().default(0),
    received: integer('received').notNull().default(0),
    returned: integer('returned').notNull().default(0),
    writtenOff: integer('written_off').notNull().default(0),
    /** The holdings: the day's net change of each kind of holder, and the crates marked damaged. */
    farm: integer('farm').notNull().default(0),
    inTransit: integer('in_transit').notNull().default(0),
    agentsFull: integer('agents_full').notNull().default(0),
    agentsEmpty: integer('agents_empty').notNull().default(0),
    atClients: integer('at_clients').notNull().default(0),
    withSuppliers: integer('with_suppliers').notNull().default(0),
    writeoff: integer('writeoff').notNull().default(0),
    damaged: integer('damaged').notNull().default(0),
    /** Crates delivered to the agent before this day; set once the day is settled (agent_turnarounds). */
    outBefore: bigint('out_before', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.marketAgentId, t.day] }),
    // The weeks shown, every agent at once.
    index('agent_crate_days_day_idx').on(t.day),
    // The settled days whose crates are still out: a range from the crates taken back so far.
    index('agent_crate_days_lots_idx').on(t.marketAgentId, sql`(${t.outBefore} + ${t.out})`).where(sql`${t.out} > 0`),
  ],
);

/**
 * Each agent's turnaround settled up to a day (docs/decisions/078): the crates delivered and taken
 * back (or written off) oldest-first up to and including `settled_through`. A day is settled once it
 * is two days old, by the first movement of a later day, so no write still lands in it.
 */
export const agentTurnarounds = pgTable('agent_turnarounds', {
  marketAgentId: integer('market_agent_id').primaryKey(),
  settledThrough: date('settled_through', { mode: 'string' }),
  delivered: bigint('delivered', { mode: 'number' }).notNull().default(0),
  taken: bigint('taken', { mode: 'number' }).notNull().default(0),
});

/** The settled days' crates back per days away, per agent: the turnaround's median reads these. */
export const agentTurnaroundDays = pgTable(
  'agent_turnaround_days',
  {
    marketAgentId: integer('market_agent_id').notNull(),
    daysAway: integer('days_away').notNull(),
    crates: bigint('crates', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.marketAgentId, t.daysAway] })],
);
