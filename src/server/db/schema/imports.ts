// Files imported from paper records (decision 050): one row per committed file, keyed by the file's
// SHA-256, so the same file is never imported twice (a second attempt is 409, nothing changes).
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const imports = pgTable('imports', {
  id: serial('id').primaryKey(),
  sha256: text('sha256').notNull().unique(),
  fileName: text('file_name').notNull(),
  rowCount: integer('row_count').notNull(),
  agentsCreated: integer('agents_created').notNull(),
  clientsCreated: integer('clients_created').notNull(),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
