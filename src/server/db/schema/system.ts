// Farm-wide settings and the rate-limit counters that several app instances share.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

// Every e-mail the app sends is kept here; without SMTP_URL this is the only delivery (DESIGN §1).
// With SMTP a row is sent only once the server accepted it; until then the retry job resends its
// raw RFC 822 source (attachments included) at next_attempt_at, backing off after each failure.
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    /** The whole message as sent (headers, body, attachments): what a retry sends again. */
    raw: text('raw'),
    /** The attachments' file names, for the outbox list (the files themselves are in raw). */
    attachmentNames: text('attachment_names').array().notNull().default(sql`'{}'::text[]`),
    attempts: integer('attempts').notNull().default(0),
    /** When the retry job may try this row (again); null once sent or when there is no SMTP. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.nextAttemptAt} is not null`),
  ],
);
