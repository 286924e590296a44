// Pepper price constants, sample prices, rand formatting and trend helpers without zod, so the public
// landing page can import them cheaply (decision 008). src/shared/pricing.ts re-exports all of it.
import dayjs from 'dayjs';
import type { HistoryPoint, PepperPricing } from './pricing.ts';

export const varieties = ['Sweet Bell Peppers', 'Hot Chili Peppers', 'Sweet Mini Peppers', 'Eggfruit'] as const;
export type Variety = (typeof varieties)[number];

export const availabilities = ['In Season', 'Limited', 'Out of Season'] as const;
export type Availability = (typeof availabilities)[number];

/** Chart ranges in months (spec §2 Trends); the default is 12. */
export const trendRanges = [3, 6, 12, 24] as const;
export type TrendRange = (typeof trendRanges)[number];
export const DEFAULT_TREND_MONTHS: TrendRange = 12;
export const MAX_TREND_POINTS = 20;

/** The export covers 12 or 24 months (spec §2). */
export const exportRanges = [12, 24] as const;
export type ExportRange = (typeof exportRanges)[number];

/** Shown when a price is missing: R100 per crate (spec §9). */
export const FALLBACK_PRICE_CENTS = 10_000;
/** R100 000 per crate: far above any real crate price, so a typo of extra zeros is refused. */
export const MAX_PRICE_CENTS = 10_000_000;

/** Shown on the landing page when the price list is empty (spec §2); ids below 0 are never editable. */
export const samplePrices: PepperPricing[] = [
  {
    id: -1,
    variety: 'Sweet Bell Peppers',
    description: 'Red, yellow and green bell peppers, hand-picked and graded, in 10 kg crates.',
    pricePerCrate: FALLBACK_PRICE_CENTS,
    availability: 'In Season',
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
  {
    id: -2,
    variety: 'Hot Chili Peppers',
    description: 'Fresh cayenne and jalapeño chillies for markets, restaurants and sauce makers.',
    pricePerCrate: FALLBACK_PRICE_CENTS,
    availability: 'In Season',
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
  {
    id: -3,
    variety: 'Sweet Mini Peppers',
    description: 'Snack-size sweet peppers in mixed colours, packed for retail.',
    pricePerCrate: FALLBACK_PRICE_CENTS,
    availability: 'Limited',
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
];

const randFormat = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' });

/**
 * Cents as rand: 123450 → 'R 1 234.50' (the spaces are non-breaking, as Intl gives them). en-ZA
 * writes a decimal comma; the farm's invoices use a point (DESIGN §5), so the decimal part is swapped.
 */
export function formatRand(cents: number | null | undefined): string {
  const value = Number.isFinite(cents) ? Math.round(cents as number) : FALLBACK_PRICE_CENTS;
  return randFormat
    .formatToParts(value / 100)
    .map((part) => (part.type === 'decimal' ? '.' : part.value))
    .join('');
}

/** Cents as the rand amount a price input shows: 18550 → '185.50'. No floating point involved. */
export function centsToRandInput(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A rand amount typed by a person ('185', '185.5', 'R 1 234,50') as integer cents, or null when it
 * is not an amount with at most two decimals. Parsed as text, so 0.1 + 0.2 problems never arise.
 */
export function randInputToCents(input: string | number): number | null {
  const text = String(input)
    .trim()
    .replace(/^R\s*/i, '')
    .replace(/[\s\u00a0]/g, '')
    .replace(',', '.');
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

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
  priceRequired: 'Please enter a price per crate',
  priceWhole: 'The price must be a whole number of cents',
  pricePositive: 'The price must be more than R0.00',
  priceTooHigh: 'The price can be at most R100 000.00 per crate',
  availability: 'Availability must be In Season, Limited or Out of Season',
  notFound: 'That pepper variety was not found',
  updated: 'Pepper pricing updated successfully',
  updateFailed: 'Failed to update pepper pricing',
  historyFailed: 'Failed to fetch pricing history',
  tooManyExports: 'Too many exports from this address. Please wait a few minutes and try again.',
} as const;
