// Pepper prices per crate (integer cents) and their history, and the public site's contact messages.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const pepperPricing = pgTable(
  'pepper_pricing',
  {
    id: serial('id').primaryKey(),
    variety: text('variety').notNull().unique(),
    description: text('description').notNull().default(''),
    pricePerCrate: integer('price_per_crate').notNull(),
    availability: text('availability', { enum: ['In Season', 'Limited', 'Out of Season'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('pepper_pricing_availability_known', sql`${t.availability} in ('In Season', 'Limited', 'Out of Season')`),
  ],
);

export const pricingHistory = pgTable(
  'pricing_history',
  {
    id: serial('id').primaryKey(),
    variety: text('variety').notNull(),
    // A calendar day in the farm's time zone (DESIGN §5).
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    pricePerCrate: integer('price_per_crate').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pricing_history_variety_date_idx').on(t.variety, t.effectiveDate)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
