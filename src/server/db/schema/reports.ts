// The weekly summaries sent (decision 046): one row per agent per farm week (Monday to
// Sunday in FARM_TIMEZONE), claimed in the same transaction as the e-mail is queued, so however often
// the buttons are clicked or the schedule runs, an agent gets one weekly summary a week.
import { date, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { marketAgents } from './users.ts';

export const weeklySummarySends = pgTable(
  'weekly_summary_sends',
  {
    marketAgentId: integer('market_agent_id')
      .notNull()
      .references(() => marketAgents.id, { onDelete: 'cascade' }),
    /** The Monday the farm's week starts on. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.marketAgentId, t.weekStart] })],
);
