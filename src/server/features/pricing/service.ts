// Pricing rules: the built-in varieties, price changes that always leave a history row, and the
// history a chart or report reads (one point per variety and day, oldest first).
import { sql } from 'drizzle-orm';
import { formatRand } from '../../../shared/money.ts';
import {
  type Availability,
  type HistoryPoint,
  pricingMessages,
  rangeStart,
  type UpdatePricingBody,
  type Variety,
  varieties,
} from '../../../shared/pricing.ts';
import type { Db, Executor } from '../../db/client.ts';
import { describeChanges } from '../../lib/audit.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { notFound } from '../../lib/http-error.ts';
import * as repo from './repository.ts';

const BUILT_IN_PRICES_LOCK = 727_003; // pg_advisory_xact_lock key: one instance seeds at a time

/** What a new farm starts with: the four varieties, a price per crate and availability. */
export const builtInPrices: {
  variety: Variety;
  description: string;
  pricePerCrate: number;
  availability: Availability;
}[] = [
  {
    variety: 'Sweet Bell Peppers',
    description:
      'Blocky red, yellow and green bell peppers, hand-picked at full colour, graded and packed in 10 kg crates.',
    pricePerCrate: 16_500,
    availability: 'In Season',
  },
  {
    variety: 'Hot Chili Peppers',
    description: 'Cayenne, jalapeño and bird’s eye chillies for fresh markets, restaurants and sauce makers.',
    pricePerCrate: 21_000,
    availability: 'In Season',
  },
  {
    variety: 'Sweet Mini Peppers',
    description: 'Snack-size sweet peppers in mixed colours, few seeds and thin skins, packed for retail punnets.',
    pricePerCrate: 19_500,
    availability: 'Limited',
  },
  {
    variety: 'Eggfruit',
    description: 'Glossy dark-purple eggfruit (brinjal), firm and uniform, grown alongside our pepper tunnels.',
    pricePerCrate: 12_000,
    availability: 'In Season',
  },
];

/** On start: every variety exists, and each has at least one history point (its current price). */
export async function ensureBuiltInPrices(db: Db, today: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BUILT_IN_PRICES_LOCK})`);
    await repo.insertMissingVarieties(tx, builtInPrices);
    const missing = await repo.varietiesWithoutHistory(tx);
    await repo.insertHistory(
      tx,
      missing.map((m) => ({ variety: m.variety, effectiveDate: today, pricePerCrate: m.pricePerCrate })),
    );
  });
}

/**
 * Sets a variety's price and availability. A new price appends a history row in the same
 * transaction; an availability-only change does not, so it can't flatten the trend to "stable".
 */
export async function updatePrice(db: Db, id: number, body: UpdatePricingBody, today: string) {
  return db.transaction(async (tx) => {
    const before = await repo.findPricingForUpdate(tx, id);
    if (!before) throw notFound(pricingMessages.notFound);
    const row = (await repo.updatePricing(tx, id, body))!;
    const changed = describeChanges(before, row, { pricePerCrate: formatRand, availability: true });
    await recordChange(tx, {
      tags: ['pricing'],
      audience: [audiences.public],
      audit: { summary: `${row.variety}: ${changed}` },
    });
    if (row.pricePerCrate !== before.pricePerCrate) {
      await repo.insertHistory(tx, [{ variety: row.variety, effectiveDate: today, pricePerCrate: row.pricePerCrate }]);
    }
    return row;
  });
}

const varietyOrder = (v: string) => {
  const i = varieties.indexOf(v as Variety);
  return i === -1 ? varieties.length : i;
};

/**
 * History for the last `months` months up to `today`. A variety whose price was set before the range
 * starts gets that price as its first point, dated the range's first day, so every chart starts at
 * the price then in effect rather than at its first change inside the range.
 */
export async function priceHistory(
  db: Executor,
  { months, variety }: { months: number; variety?: string },
  today: string,
): Promise<HistoryPoint[]> {
  const since = rangeStart(today, months);
  const inRange = await repo.historySince(db, since, variety);
  const startsOnFirstDay = new Set(inRange.filter((p) => p.effectiveDate === since).map((p) => p.variety));
  const carriedIn = (await repo.pricesInEffectBefore(db, since, variety))
    .filter((p) => !startsOnFirstDay.has(p.variety))
    .map((p) => ({ ...p, effectiveDate: since }));
  return [...carriedIn, ...inRange].sort(
    (a, b) => a.effectiveDate.localeCompare(b.effectiveDate) || varietyOrder(a.variety) - varietyOrder(b.variety),
  );
}
