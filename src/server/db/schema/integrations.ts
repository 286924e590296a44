// Other systems (decision 063): API tokens that act as their owner, and webhook endpoints with the
// deliveries written to them in the transaction of the change they tell of (an outbox).
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** read: every GET its owner may make; write: also its writes. */
    scope: text('scope', { enum: ['read', 'write'] }).notNull(),
    // Only the SHA-256 of the token is stored, as for sessions: a leaked table lets no one in.
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    // Revoked by its owner, or ended for good by a removal or a password reset of its owner.
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('api_tokens_user_idx').on(t.userId),
    check('api_tokens_scope_known', sql`${t.scope} in ('read', 'write')`),
  ],
);

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  // Needed in the clear to sign each delivery: kept as bank details are (decision 063), shown once.
  secret: text('secret').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // One sender at a time per endpoint (its deliveries go in order): whoever holds an unexpired lease.
  leaseToken: text('lease_token'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    /** X-Cratekeeper-Delivery and the body's id: what a receiver drops repeats by. */
    deliveryId: uuid('delivery_id').notNull().unique().defaultRandom(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** pending (to send or sending again), delivered, failed (24 hours of tries ran out). */
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Tries stop after this (24 hours after it was written, or after a resend). */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull().default(sql`now() + interval '24 hours'`),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_pending_idx').on(t.endpointId, t.id).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    check('webhook_deliveries_status_known', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);
