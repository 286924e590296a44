// Accounts, their sessions and the role records created with them (spec §3).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sessionEndReasons } from '../../../shared/auth-labels.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['farm_store', 'market_agent', 'supplier'] }).notNull(),
    // Removing a user deactivates it (DESIGN §7): its history and crates stay on the ledger.
    isActive: boolean('is_active').notNull().default(true),
    // Goes up whenever the password is set or the account removed or restored (decision 025): a
    // sign-in writes its session only if the version it judged the password against is still current.
    credentialVersion: integer('credential_version').notNull().default(0),
    // Set when the account was given a printed first password (an import, decision 050): until the
    // user chooses their own, every signed-in call but me, logout and change-password is refused.
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    // The language the user's screens, e-mails and the server's messages are in (decision 065).
    language: text('language', { enum: ['en', 'zu', 'st', 'af'] })
      .notNull()
      .default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    check('users_role_known', sql`${t.role} in ('farm_store', 'market_agent', 'supplier')`),
    check('users_language_known', sql`${t.language} in ('en', 'zu', 'st', 'af')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    // Only the SHA-256 of the cookie token is stored: a leaked table can't sign anyone in.
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The user's credential version when the session began: a session of an older one is ignored.
    credentialVersion: integer('credential_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Sessions that ended without their user signing out (decision 040): a reset, a removal, a password
 * change elsewhere or expiry. Kept, by the token's hash only, as long as the browser may still send
 * that cookie, so the one who holds it can be told why; a cookie that never was finds nothing.
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: sessionEndReasons }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull().defaultNow(),
    // When the browser drops the cookie (the session's end plus SESSION_COOKIE_GRACE_HOURS).
    forgetAt: timestamp('forget_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ended_sessions_forget_idx').on(t.forgetAt),
    check(
      'ended_sessions_reason_known',
      sql`${t.reason} in ('password-reset', 'removed', 'password-changed', 'expired')`,
    ),
  ],
);

export const marketAgents = pgTable('market_agents', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  agentNumber: text('agent_number').notNull().unique(),
  businessName: text('business_name'),
  marketName: text('market_name').notNull(),
  marketLocation: text('market_location').notNull(),
  location: text('location').notNull(),
  contactNumber: text('contact_number').notNull(),
  // Bank details for the EFT payout (billing); shown masked to anyone but the agent.
  bankName: text('bank_name'),
  accountNumber: text('account_number'),
  branchCode: text('branch_code'),
  accountHolderName: text('account_holder_name'),
  // current | savings | transmission (src/shared/billing.ts accountTypes): the payout file names it.
  accountType: text('account_type', { enum: ['current', 'savings', 'transmission'] }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    businessName: text('business_name').notNull(),
    contactPerson: text('contact_person').notNull(),
    contactNumber: text('contact_number').notNull(),
    farmLocation: text('farm_location').notNull(),
    produceTypes: text('produce_types').notNull().default(''),
    certificationType: text('certification_type', {
      enum: ['class1', 'organic', 'gmp', 'globalGAP', 'other'],
    })
      .notNull()
      .default('other'),
    // pending → approved | rejected by the farm store (spec §4).
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    bankName: text('bank_name'),
    accountNumber: text('account_number'),
    branchCode: text('branch_code'),
    accountHolderName: text('account_holder_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('suppliers_status_idx').on(t.status),
    check('suppliers_status_known', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check(
      'suppliers_certification_known',
      sql`${t.certificationType} in ('class1', 'organic', 'gmp', 'globalGAP', 'other')`,
    ),
  ],
);
