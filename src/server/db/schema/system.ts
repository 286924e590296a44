// Farm-wide settings and the rate-limit counters that several app instances share.
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});
