import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { type HistoryPoint, historyByVariety, rangeStart, varieties } from '../../../shared/pricing.ts';
import { pricingHistory } from '../../db/schema/index.ts';
import { farmToday } from '../../lib/farm-date.ts';
import { seedDemoPriceHistory } from './demo.ts';

const app = await buildTestApp({ demo: true });
const today = farmToday(app.config.farmTimezone);

describe('DEMO=1 price history', () => {
  it('has two years of weekly points per variety, ending at the current price', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/pepper-pricing/history?months=24' });
    expect(res.statusCode).toBe(200);
    const groups = historyByVariety(res.json() as HistoryPoint[]);
    const prices = (await app.inject({ method: 'GET', url: '/api/pepper-pricing' })).json() as {
      variety: string;
      pricePerCrate: number;
    }[];
    for (const variety of varieties) {
      const points = groups.get(variety)!;
      expect(points.length).toBeGreaterThanOrEqual(100);
      expect(points.length).toBeLessThanOrEqual(110);
      expect(points[0].effectiveDate).toBe(rangeStart(today, 24));
      expect(points[points.length - 1].effectiveDate).toBe(today);
      expect(points[points.length - 1].pricePerCrate).toBe(prices.find((p) => p.variety === variety)!.pricePerCrate);
      const values = points.map((p) => p.pricePerCrate);
      // Seasonal: it really moves, but stays a plausible crate price.
      expect(Math.max(...values) / Math.min(...values)).toBeGreaterThan(1.2);
      for (const v of values) {
        expect(v % 500).toBe(0);
        expect(v).toBeGreaterThanOrEqual(5_000);
        expect(v).toBeLessThanOrEqual(40_000);
      }
    }
  });

  it('leaves a farm with its own history alone when seeded again', async () => {
    const before = await app.db.select().from(pricingHistory);
    await seedDemoPriceHistory(app.db, today);
    expect(await app.db.select().from(pricingHistory)).toHaveLength(before.length);
  });
});
