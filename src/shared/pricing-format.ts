// Pepper price constants, sample prices and trend helpers without zod, so the public
// landing page can import them cheaply (decision 008). src/shared/pricing.ts re-exports all of it.
import dayjs from 'dayjs';
import pricingEnglish from './i18n/en/pricing.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';
import { FALLBACK_PRICE_CENTS } from './money.ts';

addEnglish({ pricing: pricingEnglish });

export const varieties = ['Sweet Bell Peppers', 'Hot Chili Peppers', 'Sweet Mini Peppers', 'Eggfruit'] as const; // i18n-ignore: data
export type Variety = (typeof varieties)[number];

export const availabilities = ['In Season', 'Limited', 'Out of Season'] as const; // i18n-ignore: stored values
export type Availability = (typeof availabilities)[number];

// The two answer shapes the zod-free helpers read; pricing.ts checks its schemas against them, so
// this file needs nothing from pricing.ts (which re-exports it).
/** A variety's price per crate, as GET /api/pricing answers it. */
export type PepperPricing = {
  id: number;
  variety: string;
  description: string;
  pricePerCrate: number;
  availability: Availability;
  updatedAt: Date | string;
};
/** One price change in the history. */
export type HistoryPoint = { variety: string; effectiveDate: string; pricePerCrate: number };

/** Chart ranges in months (spec §2 Trends); the default is 12. */
export const trendRanges = [3, 6, 12, 24] as const;
export type TrendRange = (typeof trendRanges)[number];
export const DEFAULT_TREND_MONTHS: TrendRange = 12;
export const MAX_TREND_POINTS = 20;

/** The export covers 12 or 24 months (spec §2). */
export const exportRanges = [12, 24] as const;
export type ExportRange = (typeof exportRanges)[number];

/** R100 000 per crate: far above any real crate price, so a typo of extra zeros is refused. */
export const MAX_PRICE_CENTS = 10_000_000;

/** Shown on the landing page when the price list is empty (spec §2), at the spec §9 fallback price;
 * ids below 0 are never editable. */
export const samplePrices: PepperPricing[] = [
  {
    id: -1,
    variety: 'Sweet Bell Peppers', // i18n-ignore: a variety's stored name
    description: english('pricing.sampleSweetBell'),
    pricePerCrate: FALLBACK_PRICE_CENTS,
    availability: 'In Season', // i18n-ignore: a stored availability
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
  {
    id: -2,
    variety: 'Hot Chili Peppers', // i18n-ignore: a variety's stored name
    description: english('pricing.sampleHotChili'),
    pricePerCrate: FALLBACK_PRICE_CENTS,
    availability: 'In Season', // i18n-ignore: a stored availability
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
  {
    id: -3,
    variety: 'Sweet Mini Peppers', // i18n-ignore: a variety's stored name
    description: english('pricing.sampleSweetMini'),
    pricePerCrate: FALLBACK_PRICE_CENTS,
    availability: 'Limited',
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
];

export type TrendDirection = 'up' | 'down' | 'stable';

/** Up, down or stable, from the last two points (spec §2); fewer than two points is stable. */
export function trendDirection(points: readonly { pricePerCrate: number }[]): TrendDirection {
  if (points.length < 2) return 'stable';
  const last = points[points.length - 1].pricePerCrate;
  const previous = points[points.length - 2].pricePerCrate;
  return last > previous ? 'up' : last < previous ? 'down' : 'stable';
}

/** At most `max` points picked evenly, always keeping the first and the last (spec §2: up to 20). */
export function downsampleEvenly<T>(points: readonly T[], max: number = MAX_TREND_POINTS): T[] {
  if (points.length <= max) return [...points];
  if (max <= 0) return [];
  if (max === 1) return [points[points.length - 1]];
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)]);
}

/** History rows grouped per variety, each oldest first; varieties in the farm's usual order. */
export function historyByVariety(points: readonly HistoryPoint[]): Map<string, HistoryPoint[]> {
  const groups = new Map<string, HistoryPoint[]>();
  for (const v of varieties) groups.set(v, []);
  for (const p of points) {
    const list = groups.get(p.variety) ?? [];
    list.push(p);
    groups.set(p.variety, list);
  }
  for (const [v, list] of groups) {
    if (list.length === 0) groups.delete(v);
    else list.sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate));
  }
  return groups;
}

/** The first calendar day of a range of `months` ending on `today` (both YYYY-MM-DD). */
export function rangeStart(today: string, months: number): string {
  return dayjs(today).subtract(months, 'month').format('YYYY-MM-DD');
}

export const pricingMessages = {
  priceRequired: english('pricing.priceRequired'),
  priceWhole: english('pricing.priceWhole'),
  pricePositive: english('pricing.pricePositive'),
  priceTooHigh: english('pricing.priceTooHigh'),
  availability: english('pricing.availability'),
  notFound: english('pricing.notFound'),
  updated: english('pricing.updated'),
  updateFailed: english('pricing.updateFailed'),
  historyFailed: english('pricing.historyFailed'),
  tooManyExports: english('pricing.tooManyExports'),
} as const;
