// Change events (DESIGN §6): every write records, in its own transaction, which data scopes changed
// and who may see them. GET /api/events streams them; a reconnecting client replays them from here.
// Rows are kept for a short while only (see docs/decisions/016-live-updates.md).
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const changeEvents = pgTable(
  'change_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // Domain tags from src/shared/change-tags.ts: 'transmissions', 'crates', …
    tags: text('tags').array().notNull(),
    // Who may see them: 'farm_store' (the role), 'user:<id>' (one agent, supplier or user), 'public'.
    audience: text('audience').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The purge deletes by age.
  (t) => [index('change_events_created_idx').on(t.createdAt)],
);
