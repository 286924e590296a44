// Crates at a glance (decision 070): where the crates were week by week, how long they stay
// out and who loses them, and next week's crates with the forecast's measured error. Both sides.
import { z } from 'zod';

/** Weeks a chart or table covers by default, and the most a caller may ask for. */
export const INSIGHT_WEEKS = 12;
export const MAX_INSIGHT_WEEKS = 52;

export const insightsWeeksQuery = z.object({
  weeks: z.coerce
    .number({ error: `weeks must be a whole number from 1 to ${MAX_INSIGHT_WEEKS}` })
    .int({ error: `weeks must be a whole number from 1 to ${MAX_INSIGHT_WEEKS}` })
    .min(1, { error: `weeks must be a whole number from 1 to ${MAX_INSIGHT_WEEKS}` })
    .max(MAX_INSIGHT_WEEKS, { error: `weeks must be a whole number from 1 to ${MAX_INSIGHT_WEEKS}` })
    .default(INSIGHT_WEEKS),
});
export type InsightsWeeksQuery = z.infer<typeof insightsWeeksQuery>;

/** The places a crate of the farm's pool can be, in the chart's order (bottom to top). */
export const holdingKinds = [
  'farm',
  'inTransit',
  'agentsFull',
  'agentsEmpty',
  'atClients',
  'withSuppliers',
  'missing',
  'damaged',
] as const;
export type HoldingKind = (typeof holdingKinds)[number];

/** Where the crates were at the end of one week (this week: now); `total` is the sum of the eight. */
export const holdingsWeekSchema = z.object({
  /** The Monday the week starts on, in the farm's time zone (YYYY-MM-DD). */
  weekStart: z.string(),
  farm: z.number(),
  inTransit: z.number(),
  agentsFull: z.number(),
  agentsEmpty: z.number(),
  atClients: z.number(),
  withSuppliers: z.number(),
  /** Written off as missing: counted shortfalls and stock-take differences, less crates found. */
  missing: z.number(),
  /** Written off as damaged on a client's return or the farm's count of returned empties. */
  damaged: z.number(),
  total: z.number(),
});
export type HoldingsWeek = z.infer<typeof holdingsWeekSchema>;

/** GET /api/insights/holdings: oldest week first. */
export const holdingsResponse = z.object({ weeks: z.array(holdingsWeekSchema) });
export type HoldingsResponse = z.infer<typeof holdingsResponse>;

/** One week's losses: crates received from the farm and crates written off on the agent's account. */
export const lossWeekSchema = z.object({
  weekStart: z.string(),
  received: z.number(),
  writtenOff: z.number(),
  /** writtenOff ÷ received; null in a week with nothing received. */
  lossRate: z.number().nullable(),
});
export type LossWeek = z.infer<typeof lossWeekSchema>;

/** How long crates stay away from the farm: matched oldest-first, and the crates still out. */
export const turnaroundSchema = z.object({
  /** Median days from delivery to the empties counted back in at the farm; null when none came back. */
  medianDays: z.number().nullable(),
  /** Crates matched to a return (the median's weight). */
  cratesBack: z.number(),
  /** Crates delivered and not yet back nor written off. */
  stillOut: z.number(),
  /** Median and oldest age so far, in days, of the crates still out; null when none are out. */
  stillOutMedianDays: z.number().nullable(),
  stillOutOldestDays: z.number().nullable(),
});
export type Turnaround = z.infer<typeof turnaroundSchema>;

export const agentInsightSchema = z.object({
  marketAgentId: z.number(),
  agentName: z.string(),
  businessName: z.string().nullable(),
  turnaround: turnaroundSchema,
  /** Crates out at its clients on loans open longer than LOAN_OVERDUE_DAYS. */
  overdueAtClients: z.number(),
  weeks: z.array(lossWeekSchema),
  /** Loss rate more than twice the farm's, with at least 10 crates written off, two weeks running. */
  lossFlagged: z.boolean(),
});
export type AgentInsight = z.infer<typeof agentInsightSchema>;

/**
 * GET /api/insights/agents: the farm's figures, the median agent's, and each agent's (an agent: only
 * its own row, never another agent's name).
 */
export const agentInsightsResponse = z.object({
  /** LOAN_OVERDUE_DAYS: a loan open longer than this many whole days is overdue. */
  overdueAfterDays: z.number(),
  farm: z.object({ turnaround: turnaroundSchema, overdueAtClients: z.number(), weeks: z.array(lossWeekSchema) }),
  /**
   * The median agent, figure by figure (what an agent compares itself with, never another agent's name):
   * turnaround, crates overdue at clients, loss rate over the weeks asked for, and each week's loss rate
   * (over the agents that received crates that week).
   */
  agentMedian: z.object({
    turnaroundDays: z.number().nullable(),
    overdueAtClients: z.number().nullable(),
    lossRate: z.number().nullable(),
    weeks: z.array(z.object({ weekStart: z.string(), lossRate: z.number().nullable() })),
  }),
  agents: z.array(agentInsightSchema),
});
export type AgentInsightsResponse = z.infer<typeof agentInsightsResponse>;

/** One series' forecast for next week, or why there is none. */
export const forecastSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('forecast'),
    /** Crates expected next week, whole. */
    nextWeek: z.number(),
    /** Weighted absolute percentage error of the same method over the last 8 weeks (0.25 = 25 %); null if they were all 0. */
    wape: z.number().nullable(),
  }),
  z.object({
    status: z.literal('too-little-history'),
    /** Complete weeks of history the series has, and the number it needs. */
    weeksOfHistory: z.number(),
    weeksNeeded: z.number(),
  }),
]);
export type Forecast = z.infer<typeof forecastSchema>;

export const agentForecastSchema = z.object({
  marketAgentId: z.number(),
  agentName: z.string(),
  businessName: z.string().nullable(),
  sent: forecastSchema,
  returned: forecastSchema,
});
export type AgentForecast = z.infer<typeof agentForecastSchema>;

/** GET /api/insights/forecast. `stock` and `stockLastsDays` are the farm store's only. */
export const forecastResponse = z.object({
  /** The week forecast (its Monday, YYYY-MM-DD). */
  weekStart: z.string(),
  /** The method, as decision 070 names it. */
  method: z.string(),
  agents: z.array(agentForecastSchema),
  farm: z
    .object({
      stock: z.number(),
      /** Crates the farm expects to send less those it expects back, per day; null without a forecast. */
      netOutPerDay: z.number().nullable(),
      /** Days the farm's stock lasts at that rate; null when it does not run down. */
      stockLastsDays: z.number().nullable(),
    })
    .nullable(),
});
export type ForecastResponse = z.infer<typeof forecastResponse>;
