// Pepper pricing queries: the current price per variety and its append-only history.
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pepperPricing, pricingHistory } from '../../db/schema/index.ts';

export type PricingRow = typeof pepperPricing.$inferSelect;
export type HistoryRow = { variety: string; effectiveDate: string; pricePerCrate: number };

export async function listPricing(db: Executor) {
  return db.select().from(pepperPricing).orderBy(asc(pepperPricing.id));
}

/** The row, locked until the transaction ends, so two editors' changes are recorded in order. */
export async function findPricingForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(pepperPricing).where(eq(pepperPricing.id, id)).for('update');
  return row ?? null;
}

export async function updatePricing(
  db: Executor,
  id: number,
  values: Pick<PricingRow, 'pricePerCrate' | 'availability'>,
) {
  const [row] = await db
    .update(pepperPricing)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(pepperPricing.id, id))
    .returning();
  return row ?? null;
}

/** Adds the varieties that are missing; existing rows (and the farm's prices) are left alone. */
export async function insertMissingVarieties(db: Executor, rows: (typeof pepperPricing.$inferInsert)[]) {
  await db.insert(pepperPricing).values(rows).onConflictDoNothing({ target: pepperPricing.variety });
}

export async function setCurrentPrice(db: Executor, variety: string, pricePerCrate: number) {
  await db
    .update(pepperPricing)
    .set({ pricePerCrate, updatedAt: sql`now()` })
    .where(eq(pepperPricing.variety, variety));
}

export async function insertHistory(db: Executor, rows: HistoryRow[]) {
  if (rows.length > 0) await db.insert(pricingHistory).values(rows);
}

export async function deleteHistory(db: Executor, varietyNames: string[]) {
  await db.delete(pricingHistory).where(inArray(pricingHistory.variety, varietyNames));
}

export async function countHistory(db: Executor) {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(pricingHistory);
  return Number(count);
}

/** Varieties that have no history row yet. */
export async function varietiesWithoutHistory(db: Executor) {
  return db
    .select({ variety: pepperPricing.variety, pricePerCrate: pepperPricing.pricePerCrate })
    .from(pepperPricing)
    .where(
      sql`not exists (select 1 from ${pricingHistory} where ${pricingHistory.variety} = ${pepperPricing.variety})`,
    );
}

/**
 * One point per variety and day from `since` on, oldest first: when a price changed several times
 * in a day the day's last change counts, so the answer is bounded by days × varieties.
 */
export async function historySince(db: Executor, since: string, variety?: string) {
  const inRange = and(
    gte(pricingHistory.effectiveDate, since),
    variety ? eq(pricingHistory.variety, variety) : undefined,
  );
  const rows = await db
    .selectDistinctOn([pricingHistory.variety, pricingHistory.effectiveDate], {
      variety: pricingHistory.variety,
      effectiveDate: pricingHistory.effectiveDate,
      pricePerCrate: pricingHistory.pricePerCrate,
    })
    .from(pricingHistory)
    .where(inRange)
    .orderBy(asc(pricingHistory.variety), asc(pricingHistory.effectiveDate), desc(pricingHistory.id));
  return rows;
}

/** The price in effect on `day` per variety: its last history row before that day. */
export async function pricesInEffectBefore(db: Executor, day: string, variety?: string) {
  return db
    .selectDistinctOn([pricingHistory.variety], {
      variety: pricingHistory.variety,
      effectiveDate: pricingHistory.effectiveDate,
      pricePerCrate: pricingHistory.pricePerCrate,
    })
    .from(pricingHistory)
    .where(and(lt(pricingHistory.effectiveDate, day), variety ? eq(pricingHistory.variety, variety) : undefined))
    .orderBy(asc(pricingHistory.variety), desc(pricingHistory.effectiveDate), desc(pricingHistory.id));
}
