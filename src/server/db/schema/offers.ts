// Suppliers' produce offers and the farm's tenders on them (spec §3 Produce offer, Tender).
// Quotes are money: numeric in the database, decimal strings in the API (src/shared/money.ts).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { suppliers, users } from './users.ts';

export const produceOffers = pgTable(
  'produce_offers',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    produceName: text('produce_name').notNull(),
    produceType: text('produce_type').notNull(),
    quality: text('quality').notNull(),
    quantityCrates: integer('quantity_crates').notNull(),
    unitWeight: text('unit_weight'),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('produce_offers_supplier_idx').on(t.supplierId, t.id),
    index('produce_offers_active_idx').on(t.id).where(sql`${t.isActive}`),
    check('produce_offers_quantity_positive', sql`${t.quantityCrates} > 0`),
  ],
);

export const tenders = pgTable(
  'tenders',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => produceOffers.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    createdBy: integer('created_by').references(() => users.id),
    // pending → accepted | rejected by the supplier (spec §3: anything else reads as pending).
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    farmQuote: numeric('farm_quote', { precision: 12, scale: 2 }).notNull(),
    marketQuote: numeric('market_quote', { precision: 12, scale: 2 }),
    finalPrice: numeric('final_price', { precision: 12, scale: 2 }),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    index('tenders_supplier_idx').on(t.supplierId, t.id),
    index('tenders_offer_idx').on(t.offerId),
    check('tenders_status_known', sql`${t.status} in ('pending', 'accepted', 'rejected')`),
    check('tenders_farm_quote_positive', sql`${t.farmQuote} > 0`),
  ],
);
