// The audit trail (DESIGN §6, decision 027): who did what to which record, with a short before → after
// summary, the client's address and when. Each row is appended in the transaction of the change it
// describes; the database refuses UPDATE, DELETE and TRUNCATE on it (trigger in migration 0009).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Who: the signed-in user and the role it had then; both null for an anonymous caller (a failed
    // sign-in) or the app itself (a scheduled e-mail).
    userId: integer('user_id').references(() => users.id),
    role: text('role'),
    // What: 'transmission.acknowledge', 'billing.create-cycle', 'sign-in.failed', … (src/shared/audit.ts).
    action: text('action').notNull(),
    // Which record: its kind ('transmission', 'user', …) and id, when there is one.
    recordType: text('record_type'),
    recordId: integer('record_id'),
    // 'pricePerCrate R 100.00 → R 120.00', 'counted 8 of 10': never a password, token or full account number.
    summary: text('summary').notNull().default(''),
    // The client's address (request.ip, TRUST_PROXY decides whether X-Forwarded-For is believed).
    address: text('address'),
    // The route that made the change ('PUT /api/transmissions/:id/acknowledge'); null for a scheduled job.
    route: text('route'),
  },
  (t) => [
    // The Activity screen pages newest first by id, filtered by date, person or action.
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_user_idx').on(t.userId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    check('audit_log_role_known', sql`${t.role} in ('farm_store', 'market_agent', 'supplier')`),
    check('audit_log_action_named', sql`${t.action} <> ''`),
  ],
);
