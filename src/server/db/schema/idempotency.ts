// Idempotency keys (decision 035): one row per user and key a signed-in caller sent with a
// mutation. Claimed before the handler runs, marked booked in the transaction that books the change,
// and given the first answer once it is sent; a repeat is answered from here. Kept 7 days.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    // Keys are the caller's own: another user's same key is another row.
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    // SHA-256 of the method, the address and the body: the same key for another request is refused.
    fingerprint: text('fingerprint').notNull(),
    // The attempt that holds the key (random): the booking's transaction marks the row only while its
    // attempt still holds it, so an attempt that was taken over can never book.
    claim: text('claim').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    // Set in the transaction that booked the change: from then on the request never runs again.
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    // When its attempt ended (with or without an answer kept).
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    // The first answer: status, the headers worth repeating (content type, x-change-id, …), the body.
    statusCode: integer('status_code'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body'),
    // 'utf8' (JSON, HTML) or 'base64' (a PDF).
    bodyEncoding: text('body_encoding'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // The purge deletes by age.
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_key_length', sql`char_length(${t.key}) between 1 and 255`),
    check('idempotency_keys_body_encoding', sql`${t.bodyEncoding} in ('utf8', 'base64')`),
  ],
);
