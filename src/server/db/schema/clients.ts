// A market agent's clients and the crates it lends them (spec §3 Client, Client transaction).
// Crates out of a loan = borrowed − returned; each lend and return is also a crate movement on the
// ledger (kind 'lend' / 'client_return', client_transaction_id pointing here), which carries the
// dated history a client statement reads.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { marketAgents } from './users.ts';

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    marketAgentId: integer('market_agent_id')
      .notNull()
      .references(() => marketAgents.id),
    businessName: text('business_name').notNull(),
    clientName: text('client_name').notNull(),
    contactNumber: text('contact_number').notNull(),
    // The language the agent's messages to this client (the WhatsApp reminder) are in (decision 065).
    language: text('language', { enum: ['en', 'zu', 'st', 'af'] })
      .notNull()
      .default('en'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clients_agent_idx').on(t.marketAgentId, t.id),
    check('clients_language_known', sql`${t.language} in ('en', 'zu', 'st', 'af')`),
  ],
);

export const clientTransactions = pgTable(
  'client_transactions',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    // The agent who lent: scoping every query to the caller without a join.
    marketAgentId: integer('market_agent_id')
      .notNull()
      .references(() => marketAgents.id),
    quantityBorrowed: integer('quantity_borrowed').notNull(),
    quantityReturned: integer('quantity_returned').notNull().default(0),
    notes: text('notes'),
    isOpen: boolean('is_open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('client_transactions_agent_idx').on(t.marketAgentId, t.id),
    // An agent's open loans, newest first (the Open tab), and how many are open (weekly summary).
    index('client_transactions_agent_open_idx').on(t.marketAgentId, t.id).where(sql`${t.isOpen}`),
    // Loans an agent made in a period (weekly summary).
    index('client_transactions_agent_created_idx').on(t.marketAgentId, t.createdAt),
    // A client's loans, newest first; the rest of the key makes the clients list's per-client sums
    // (crates borrowed, open loans, the oldest open one) index-only scans.
    index('client_transactions_client_idx').on(t.clientId, t.id, t.quantityBorrowed, t.isOpen, t.createdAt),
    check('client_transactions_borrowed_positive', sql`${t.quantityBorrowed} > 0`),
    check(
      'client_transactions_returned_in_range',
      sql`${t.quantityReturned} >= 0 and ${t.quantityReturned} <= ${t.quantityBorrowed}`,
    ),
    check('client_transactions_open_matches', sql`${t.isOpen} = (${t.quantityReturned} < ${t.quantityBorrowed})`),
  ],
);
