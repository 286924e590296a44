// Billing (spec §3, DESIGN §5): cycles of calendar days that never overlap, one billing line
// per acknowledged return (the crates the farm counted in from an agent), and the payments the farm
// store records. A line waits as unbilled (no cycle) until a cycle covering its day exists. An agent's
// record in a cycle and its earnings are sums of its lines; "paid" is only what a payment row says.
// Money is numeric in the database and a decimal string in the API; arithmetic in src/shared/money.ts.
//
// Not declared here, so drizzle-kit leaves it alone (migration 0007 creates it): the exclusion
// constraint billing_cycles_no_overlap, `exclude using gist (daterange(start_date, end_date, '[]') with &&)`.
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { transmissions } from './transmissions.ts';
import { marketAgents, users } from './users.ts';

export const billingCycles = pgTable(
  'billing_cycles',
  {
    id: serial('id').primaryKey(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    ratePerCrate: numeric('rate_per_crate', { precision: 12, scale: 2 }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('billing_cycles_start_idx').on(t.startDate, t.id),
    check('billing_cycles_rate_positive', sql`${t.ratePerCrate} > 0`),
    check('billing_cycles_dates_ordered', sql`${t.startDate} <= ${t.endDate}`),
    check('billing_cycles_dates_in_range', sql`${t.startDate} >= '2000-01-01' and ${t.endDate} <= '2100-12-31'`),
  ],
);

export const billingLines = pgTable(
  'billing_lines',
  {
    id: serial('id').primaryKey(),
    // One line per return, whatever happens (billed exactly once).
    transmissionId: integer('transmission_id')
      .notNull()
      .references(() => transmissions.id),
    marketAgentId: integer('market_agent_id')
      .notNull()
      .references(() => marketAgents.id),
    /** The farm's calendar day (FARM_TIMEZONE) the return was acknowledged on: it picks the cycle. */
    acknowledgedOn: date('acknowledged_on', { mode: 'string' }).notNull(),
    /** Crates counted in at the farm, corrections of a flagged count included. */
    crates: integer('crates').notNull(),
    /** null: unbilled, no cycle covers acknowledgedOn yet. */
    cycleId: integer('cycle_id').references(() => billingCycles.id),
    /** crates × the cycle's rate; null while unbilled. */
    amount: numeric('amount', { precision: 14, scale: 2 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_lines_transmission_idx').on(t.transmissionId),
    // A cycle's records (per agent) and an agent's history (per cycle). crates and amount are in the
    // keys so the sums over them (cycle totals, earnings, return rates) are index-only scans.
    index('billing_lines_cycle_agent_idx').on(t.cycleId, t.marketAgentId, t.crates, t.amount),
    index('billing_lines_agent_cycle_idx').on(t.marketAgentId, t.cycleId, t.crates, t.amount),
    // Reports: returns counted (acknowledged) on the days of a period, farm-wide or per agent.
    index('billing_lines_acknowledged_idx').on(t.acknowledgedOn, t.marketAgentId),
    // The unbilled list and the sweep when a cycle is created.
    index('billing_lines_unbilled_idx').on(t.acknowledgedOn, t.id).where(sql`${t.cycleId} is null`),
    check('billing_lines_crates_not_negative', sql`${t.crates} >= 0`),
    check('billing_lines_billed_has_amount', sql`(${t.cycleId} is null) = (${t.amount} is null)`),
  ],
);

export const billingPayments = pgTable(
  'billing_payments',
  {
    id: serial('id').primaryKey(),
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => billingCycles.id),
    marketAgentId: integer('market_agent_id')
      .notNull()
      .references(() => marketAgents.id),
    /** What the agent's lines in the cycle came to when it was paid (a paid cycle's lines are frozen). */
    crates: integer('crates').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** The bank's reference for the transfer, as the farm store typed it. */
    reference: text('reference').notNull(),
    recordedBy: integer('recorded_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One payment per agent per cycle: paying twice is refused by the database too.
    uniqueIndex('billing_payments_cycle_agent_idx').on(t.cycleId, t.marketAgentId),
    index('billing_payments_agent_idx').on(t.marketAgentId, t.cycleId),
    check('billing_payments_amount_positive', sql`${t.amount} > 0`),
  ],
);
