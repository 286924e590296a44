// Billing cycles and each agent's record in a cycle (spec §3, DESIGN §5): the farm pays an agent
// ratePerCrate for every empty crate it acknowledges from that agent while the cycle is active.
// Money is numeric in the database and a decimal string in the API; arithmetic in src/shared/money.ts.
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
import { marketAgents } from './users.ts';

export const billingCycles = pgTable(
  'billing_cycles',
  {
    id: serial('id').primaryKey(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    ratePerCrate: numeric('rate_per_crate', { precision: 12, scale: 2 }).notNull(),
    // active → completed when the next cycle is created (spec §4).
    status: text('status', { enum: ['active', 'completed'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    // At most one active cycle, whatever two farm store users do at once.
    uniqueIndex('billing_cycles_one_active_idx').on(t.status).where(sql`${t.status} = 'active'`),
    index('billing_cycles_end_idx').on(t.endDate, t.id),
    check('billing_cycles_rate_positive', sql`${t.ratePerCrate} > 0`),
    check('billing_cycles_dates_ordered', sql`${t.startDate} <= ${t.endDate}`),
    check('billing_cycles_status_known', sql`${t.status} in ('active', 'completed')`),
  ],
);

export const billingRecords = pgTable(
  'billing_records',
  {
    id: serial('id').primaryKey(),
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => billingCycles.id),
    marketAgentId: integer('market_agent_id')
      .notNull()
      .references(() => marketAgents.id),
    totalCratesReturned: integer('total_crates_returned').notNull().default(0),
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_records_cycle_agent_idx').on(t.cycleId, t.marketAgentId),
    index('billing_records_agent_idx').on(t.marketAgentId),
  ],
);
