// Pepper prices per crate and their history (spec §3, §9): varieties, schemas, rand formatting and
// the trend helpers the landing page's charts use. Money is integer cents everywhere but the display.
import { z } from 'zod';
import { idParams } from './fields.ts';
import { instant } from './http.ts';
import {
  availabilities,
  DEFAULT_TREND_MONTHS,
  exportRanges,
  type HistoryPoint,
  MAX_PRICE_CENTS,
  type PepperPricing,
  pricingMessages,
  trendRanges,
  varieties,
} from './pricing-format.ts';

// The zod-free half (constants, sample prices, rand formatting, trend helpers) lives in
// pricing-format.ts so the landing page can use it without loading zod; it is re-exported here.
export * from './pricing-format.ts';

export const pepperPricingSchema = z.object({
  id: z.number().int(),
  variety: z.string(),
  description: z.string(),
  pricePerCrate: z.number().int(),
  availability: z.enum(availabilities),
  updatedAt: instant,
}) satisfies z.ZodType<PepperPricing, PepperPricing>;
export const pepperPricingList = z.array(pepperPricingSchema);

export const pricingIdParams = idParams();

export const pricePerCrateSchema = z
  .number({ error: pricingMessages.priceRequired })
  .int(pricingMessages.priceWhole)
  .positive(pricingMessages.pricePositive)
  .max(MAX_PRICE_CENTS, pricingMessages.priceTooHigh);

export const updatePricingBody = z.object({
  pricePerCrate: pricePerCrateSchema,
  availability: z.enum(availabilities, { error: pricingMessages.availability }),
});
export type UpdatePricingBody = z.infer<typeof updatePricingBody>;

const monthsParam = (allowed: readonly number[], fallback: number) =>
  z.coerce
    .number({ error: `months must be one of ${allowed.join(', ')}` })
    .refine((n) => allowed.includes(n), { message: `months must be one of ${allowed.join(', ')}` })
    .default(fallback);

export const historyQuery = z.object({
  // An empty ?variety= means all varieties, like leaving it out.
  variety: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(varieties, { error: `variety must be one of ${varieties.join(', ')}` }).optional(),
  ),
  months: monthsParam(trendRanges, DEFAULT_TREND_MONTHS),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

export const historyPointSchema = z.object({
  variety: z.string(),
  /** A calendar day in the farm's time zone, YYYY-MM-DD. */
  effectiveDate: z.string(),
  pricePerCrate: z.number().int(),
}) satisfies z.ZodType<HistoryPoint, HistoryPoint>;
export const historyList = z.array(historyPointSchema);

export const exportQuery = z.object({ months: monthsParam(exportRanges, 12) });
