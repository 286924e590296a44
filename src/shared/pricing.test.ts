import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FALLBACK_PRICE_CENTS } from './money.ts';
import {
  downsampleEvenly,
  historyByVariety,
  historyQuery,
  MAX_PRICE_CENTS,
  rangeStart,
  samplePrices,
  trendDirection,
  updatePricingBody,
  varieties,
} from './pricing.ts';

describe('trendDirection', () => {
  const p = (...prices: number[]) => prices.map((pricePerCrate) => ({ pricePerCrate }));
  it('compares the last two points only', () => {
    expect(trendDirection(p(100, 200))).toBe('up');
    expect(trendDirection(p(300, 100, 90))).toBe('down');
    expect(trendDirection(p(100, 500, 500))).toBe('stable');
  });
  it('is stable with fewer than two points', () => {
    expect(trendDirection([])).toBe('stable');
    expect(trendDirection(p(100))).toBe('stable');
  });
});

describe('downsampleEvenly', () => {
  it('leaves short lists alone', () => {
    expect(downsampleEvenly([1, 2, 3])).toEqual([1, 2, 3]);
    expect(downsampleEvenly([])).toEqual([]);
  });

  it('picks 20 evenly spread points from 105, keeping the first and the last', () => {
    const points = Array.from({ length: 105 }, (_, i) => i);
    const picked = downsampleEvenly(points);
    expect(picked).toHaveLength(20);
    expect(picked[0]).toBe(0);
    expect(picked[19]).toBe(104);
    const gaps = picked.slice(1).map((v, i) => v - picked[i]);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
  });

  it('always returns at most max points, in order, without repeats, ends kept', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 2, max: 30 }), (n, max) => {
        const points = Array.from({ length: n }, (_, i) => i);
        const picked = downsampleEvenly(points, max);
        expect(picked.length).toBe(Math.min(n, max));
        for (let i = 1; i < picked.length; i++) expect(picked[i]).toBeGreaterThan(picked[i - 1]);
        if (n > 0) {
          expect(picked[0]).toBe(0);
          expect(picked[picked.length - 1]).toBe(n - 1);
        }
      }),
    );
  });
});

describe('historyByVariety and rangeStart', () => {
  it('groups per variety in the farm order, each oldest first', () => {
    const groups = historyByVariety([
      { variety: 'Eggfruit', effectiveDate: '2025-02-01', pricePerCrate: 2 },
      { variety: 'Sweet Bell Peppers', effectiveDate: '2025-03-01', pricePerCrate: 3 },
      { variety: 'Eggfruit', effectiveDate: '2025-01-01', pricePerCrate: 1 },
    ]);
    expect([...groups.keys()]).toEqual(['Sweet Bell Peppers', 'Eggfruit']);
    expect(groups.get('Eggfruit')!.map((p) => p.pricePerCrate)).toEqual([1, 2]);
  });

  it('counts months back on the calendar, clamping month ends', () => {
    expect(rangeStart('2025-06-15', 12)).toBe('2024-06-15');
    expect(rangeStart('2025-03-31', 1)).toBe('2025-02-28');
    expect(rangeStart('2024-02-29', 24)).toBe('2022-02-28');
  });
});

describe('schemas and constants', () => {
  it('has the spec varieties and three sample prices at the fallback price', () => {
    expect(varieties).toEqual(['Sweet Bell Peppers', 'Hot Chili Peppers', 'Sweet Mini Peppers', 'Eggfruit']);
    expect(samplePrices).toHaveLength(3);
    for (const s of samplePrices) {
      expect(s.pricePerCrate).toBe(FALLBACK_PRICE_CENTS);
      expect(s.id).toBeLessThan(0);
    }
  });

  it('accepts whole positive cents up to the bound and one of the three availabilities', () => {
    expect(updatePricingBody.safeParse({ pricePerCrate: 18550, availability: 'Limited' }).success).toBe(true);
    for (const pricePerCrate of [0, -100, 12.5, MAX_PRICE_CENTS + 1, '18550', null]) {
      expect(updatePricingBody.safeParse({ pricePerCrate, availability: 'Limited' }).success).toBe(false);
    }
    expect(updatePricingBody.safeParse({ pricePerCrate: 100, availability: 'Sold out' }).success).toBe(false);
  });

  it('defaults the history range to 12 months and allows only 3, 6, 12 and 24', () => {
    expect(historyQuery.parse({})).toEqual({ months: 12 });
    expect(historyQuery.parse({ months: '24', variety: 'Eggfruit' })).toEqual({ months: 24, variety: 'Eggfruit' });
    expect(historyQuery.parse({ variety: '' })).toEqual({ months: 12 });
    for (const months of ['5', 'abc', '0', '36']) expect(historyQuery.safeParse({ months }).success).toBe(false);
    expect(historyQuery.safeParse({ variety: 'Tomatoes' }).success).toBe(false);
  });
});
