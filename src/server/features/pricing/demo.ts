// DEMO=1: two years of weekly, seasonal price history per variety, ending at today's price.
import dayjs from 'dayjs';
import { rangeStart } from '../../../shared/pricing.ts';
import type { Db } from '../../db/client.ts';
import { seededRandom } from '../../lib/seeded-random.ts';
import * as repo from './repository.ts';
import { builtInPrices } from './service.ts';

// Peppers are scarcest (dearest) in the cold months, cheapest at the summer flush.
const seasons: Record<string, { swing: number; peakDayOfYear: number }> = {
  'Sweet Bell Peppers': { swing: 0.18, peakDayOfYear: 190 },
  'Hot Chili Peppers': { swing: 0.12, peakDayOfYear: 200 },
  'Sweet Mini Peppers': { swing: 0.15, peakDayOfYear: 185 },
  Eggfruit: { swing: 0.22, peakDayOfYear: 215 },
};
const YEARLY_INCREASE = 0.06;
const ROUND_TO_CENTS = 500; // farms quote crate prices in R5 steps

/** Weekly prices from two years before `today` up to `today`, for one variety around `basePrice`. */
export function demoSeries(variety: string, basePrice: number, today: string, seed: number) {
  const season = seasons[variety] ?? { swing: 0.15, peakDayOfYear: 190 };
  const random = seededRandom(seed);
  const start = dayjs(rangeStart(today, 24));
  const end = dayjs(today);
  const priceOn = (day: dayjs.Dayjs) => {
    const yearsBeforeToday = end.diff(day, 'day') / 365;
    const seasonal =
      1 + season.swing * Math.cos((2 * Math.PI * (day.diff(day.startOf('year'), 'day') - season.peakDayOfYear)) / 365);
    const noise = 1 + (random() - 0.5) * 0.06;
    const raw = (basePrice / (1 + YEARLY_INCREASE) ** yearsBeforeToday) * seasonal * noise;
    return Math.max(ROUND_TO_CENTS, Math.round(raw / ROUND_TO_CENTS) * ROUND_TO_CENTS);
  };
  const points: repo.HistoryRow[] = [];
  for (let day = start; !day.isAfter(end); day = day.add(7, 'day')) {
    points.push({ variety, effectiveDate: day.format('YYYY-MM-DD'), pricePerCrate: priceOn(day) });
  }
  // Today's price is a point of its own, so the trend reads from a real last change.
  if (points[points.length - 1]?.effectiveDate !== today) {
    points.push({ variety, effectiveDate: today, pricePerCrate: priceOn(end) });
  }
  return points;
}

/**
 * Replaces the start-up history (one point per variety) with the demo's two years and sets each
 * current price to the series' last point. A farm with real history is left alone.
 */
export async function seedDemoPriceHistory(db: Db, today: string) {
  await db.transaction(async (tx) => {
    if ((await repo.countHistory(tx)) > builtInPrices.length) return;
    const names = builtInPrices.map((p) => p.variety);
    await repo.deleteHistory(tx, names);
    for (const [i, price] of builtInPrices.entries()) {
      const series = demoSeries(price.variety, price.pricePerCrate, today, 1000 + i);
      await repo.insertHistory(tx, series);
      await repo.setCurrentPrice(tx, price.variety, series[series.length - 1].pricePerCrate);
    }
  });
}
