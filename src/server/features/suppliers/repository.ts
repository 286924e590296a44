// Supplier queries: records and their approval, produce offers, tenders and the metrics summed in SQL.
import { and, desc, eq, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { produceOffers, suppliers, tenders, users } from '../../db/schema/index.ts';

export type SupplierRow = typeof suppliers.$inferSelect;
export type OfferRow = typeof produceOffers.$inferSelect;

export async function findSupplierById(db: Executor, id: number) {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1);
  return row ?? null;
}

export async function findSuppliersByUserIds(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db.select().from(suppliers).where(inArray(suppliers.userId, userIds));
}

/** The supplier's account has not been removed (decision 022). */
const accountIsActive = sql`exists (select 1 from ${users} where ${users.id} = ${suppliers.userId} and ${users.isActive})`;

export const toSupplierDto = (row: SupplierRow) => ({
  ...row,
  isApproved: row.status === 'approved',
});

/** Suppliers of active accounts, newest first; `pendingOnly` for the approval card. */
export async function listSuppliers(
  db: Executor,
  page: { limit: number; before?: number; status?: SupplierRow['status'] },
) {
  const conditions: (SQL | undefined)[] = [eq(users.isActive, true)];
  if (page.status) conditions.push(eq(suppliers.status, page.status));
  if (page.before !== undefined) conditions.push(lt(suppliers.id, page.before));
  const rows = await db
    .select({ s: suppliers })
    .from(suppliers)
    .innerJoin(users, eq(users.id, suppliers.userId))
    .where(and(...conditions))
    .orderBy(desc(suppliers.id))
    .limit(page.limit);
  return rows.map((r) => r.s);
}

/**
 * Sets the status unless it is already that (the conditional update decides between two farm store
 * users clicking at once). Returns the row, or null when nothing changed.
 */
/** A supplier's status, its row held until the transaction ends (the audit's before → after). */
export async function lockSupplierStatus(db: Executor, id: number) {
  const [row] = await db.select({ status: suppliers.status }).from(suppliers).where(eq(suppliers.id, id)).for('update');
  return row?.status ?? null;
}

export async function setSupplierStatus(db: Executor, id: number, status: 'approved' | 'rejected') {
  const [row] = await db
    .update(suppliers)
    .set({ status })
    .where(and(eq(suppliers.id, id), ne(suppliers.status, status), accountIsActive))
    .returning();
  return row ?? null;
}

/** A supplier whose account is active (a removed supplier is not found, as in the lists). */
export async function findActiveSupplierById(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.id, id), accountIsActive))
    .limit(1);
  return row ?? null;
}

export type SupplierUpdate = Partial<
  Pick<
    SupplierRow,
    | 'businessName'
    | 'contactPerson'
    | 'contactNumber'
    | 'farmLocation'
    | 'certificationType'
    | 'bankName'
    | 'accountNumber'
    | 'branchCode'
    | 'accountHolderName'
  >
>;

export async function updateSupplier(db: Executor, id: number, values: SupplierUpdate) {
  const [row] = await db.update(suppliers).set(values).where(eq(suppliers.id, id)).returning();
  return row;
}

/** Crates committed to each supplier's active offers (the "in use" figure of decision 021). */
export async function activeOfferCrates(db: Executor, supplierIds: number[]): Promise<Map<number, number>> {
  const result = new Map(supplierIds.map((id) => [id, 0]));
  if (supplierIds.length === 0) return result;
  const rows = await db
    .select({
      supplierId: produceOffers.supplierId,
      crates: sql<string>`coalesce(sum(${produceOffers.quantityCrates}), 0)::bigint`,
    })
    .from(produceOffers)
    .where(and(eq(produceOffers.isActive, true), inArray(produceOffers.supplierId, supplierIds)))
    .groupBy(produceOffers.supplierId);
  for (const r of rows) result.set(r.supplierId, Number(r.crates));
  return result;
}

// --- offers ---

export async function listOffers(db: Executor, supplierId: number, page: { limit: number; before?: number }) {
  return db
    .select()
    .from(produceOffers)
    .where(
      and(
        eq(produceOffers.supplierId, supplierId),
        page.before !== undefined ? lt(produceOffers.id, page.before) : undefined,
      ),
    )
    .orderBy(desc(produceOffers.id))
    .limit(page.limit);
}

export async function findOffer(db: Executor, id: number) {
  const [row] = await db.select().from(produceOffers).where(eq(produceOffers.id, id)).limit(1);
  return row ?? null;
}

export async function insertOffer(db: Executor, values: typeof produceOffers.$inferInsert) {
  const [row] = await db.insert(produceOffers).values(values).returning();
  return row;
}

export async function updateOffer(db: Executor, id: number, values: Partial<typeof produceOffers.$inferInsert>) {
  const [row] = await db
    .update(produceOffers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(produceOffers.id, id))
    .returning();
  return row;
}

const openTenderOn = sql<boolean>`exists (select 1 from ${tenders} where ${tenders.offerId} = ${produceOffers.id} and ${tenders.status} = 'pending')`;

/** Active offers of approved suppliers with active accounts: what the farm store may tender on. */
export async function listMarketOffers(db: Executor, page: { limit: number; before?: number }) {
  const rows = await db
    .select({
      offer: produceOffers,
      businessName: suppliers.businessName,
      farmLocation: suppliers.farmLocation,
      certificationType: suppliers.certificationType,
      hasOpenTender: openTenderOn,
    })
    .from(produceOffers)
    .innerJoin(suppliers, eq(suppliers.id, produceOffers.supplierId))
    .innerJoin(users, eq(users.id, suppliers.userId))
    .where(
      and(
        eq(produceOffers.isActive, true),
        eq(suppliers.status, 'approved'),
        eq(users.isActive, true),
        page.before !== undefined ? lt(produceOffers.id, page.before) : undefined,
      ),
    )
    .orderBy(desc(produceOffers.id))
    .limit(page.limit);
  return rows.map(({ offer, ...rest }) => ({ ...offer, ...rest }));
}

// --- tenders ---

const tenderColumns = {
  id: tenders.id,
  offerId: tenders.offerId,
  supplierId: tenders.supplierId,
  status: tenders.status,
  farmQuote: tenders.farmQuote,
  marketQuote: tenders.marketQuote,
  finalPrice: tenders.finalPrice,
  notes: tenders.notes,
  createdAt: tenders.createdAt,
  respondedAt: tenders.respondedAt,
  produceName: produceOffers.produceName,
  quantityCrates: produceOffers.quantityCrates,
  businessName: suppliers.businessName,
};

/** Tenders newest first: one supplier's (`supplierId`) or every supplier's; `pendingOnly` for open ones. */
export async function listTenders(
  db: Executor,
  filter: { supplierId?: number; pendingOnly?: boolean; ids?: number[]; limit: number; before?: number },
) {
  return db
    .select(tenderColumns)
    .from(tenders)
    .innerJoin(produceOffers, eq(produceOffers.id, tenders.offerId))
    .innerJoin(suppliers, eq(suppliers.id, tenders.supplierId))
    .where(
      and(
        filter.supplierId !== undefined ? eq(tenders.supplierId, filter.supplierId) : undefined,
        filter.pendingOnly ? eq(tenders.status, 'pending') : undefined,
        filter.before !== undefined ? lt(tenders.id, filter.before) : undefined,
        filter.ids ? inArray(tenders.id, filter.ids) : undefined,
      ),
    )
    .orderBy(desc(tenders.id))
    .limit(filter.limit);
}

export type TenderView = Awaited<ReturnType<typeof listTenders>>[number];

export async function findTender(db: Executor, id: number) {
  const [row] = await db.select().from(tenders).where(eq(tenders.id, id)).limit(1);
  return row ?? null;
}

/** Holds the offer's row until the transaction ends, so tenders on one offer open one at a time. */
export async function lockOffer(db: Executor, offerId: number) {
  await db.select({ id: produceOffers.id }).from(produceOffers).where(eq(produceOffers.id, offerId)).for('update');
}

export async function hasOpenTender(db: Executor, offerId: number) {
  const [row] = await db
    .select({ id: tenders.id })
    .from(tenders)
    .where(and(eq(tenders.offerId, offerId), eq(tenders.status, 'pending')))
    .limit(1);
  return !!row;
}

export async function insertTender(db: Executor, values: typeof tenders.$inferInsert) {
  const [row] = await db.insert(tenders).values(values).returning();
  return row;
}

/**
 * Answers a pending tender, once: of two answers at the same moment one updates the row and the other
 * finds it no longer pending (null). Accepting fixes the final price at the farm's quote.
 */
export async function answerPendingTender(db: Executor, id: number, answer: 'accepted' | 'rejected') {
  const [row] = await db
    .update(tenders)
    .set({
      status: answer,
      respondedAt: new Date(),
      finalPrice: answer === 'accepted' ? sql`${tenders.farmQuote}` : null,
    })
    .where(and(eq(tenders.id, id), eq(tenders.status, 'pending')))
    .returning();
  return row ?? null;
}

/** The overview's figures, summed in SQL numeric (never a JavaScript float). */
export async function supplierMetrics(db: Executor, supplierId: number) {
  const [offers] = await db
    .select({
      total: sql<string>`count(*)::int`,
      active: sql<string>`count(*) filter (where ${produceOffers.isActive})::int`,
    })
    .from(produceOffers)
    .where(eq(produceOffers.supplierId, supplierId));
  const [t] = await db
    .select({
      open: sql<string>`count(*) filter (where ${tenders.status} = 'pending')::int`,
      averageQuote: sql<string>`coalesce(round(avg(${tenders.farmQuote}), 2), 0)::numeric(14,2)::text`,
      totalRevenue: sql<string>`coalesce(sum(${tenders.finalPrice}) filter (where ${tenders.status} = 'accepted'), 0)::numeric(14,2)::text`,
    })
    .from(tenders)
    .where(eq(tenders.supplierId, supplierId));
  return {
    activeOffers: Number(offers.active),
    totalOffers: Number(offers.total),
    openTenders: Number(t.open),
    averageQuote: t.averageQuote,
    totalRevenue: t.totalRevenue,
  };
}
