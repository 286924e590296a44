// Market agents as the farm store sees them (spec §3 Market agent, §4 stock levels, §9 return rate),
// their earnings, and the farm-wide crate metrics for the dashboards (both sides).
import { z } from 'zod';
import { instant } from './http.ts';
import { transmissionSchema } from './transmissions.ts';

export const agentMessages = {
  noAgents: 'No Market Agents',
  businessFallback: 'Business TBD',
  farmStoreOnly: 'This page is only available to farm store administrators.',
  agentNotFound: 'Market agent not found',
} as const;

export const stockLevels = ['No Stock', 'Well Stocked', 'Moderate Stock', 'Low Stock', 'Critical'] as const;
export type StockLevel = (typeof stockLevels)[number];

/** Spec §4: full divided by total, thresholds 10%, 40% and 70%. */
export function stockLevel(fullCrates: number, totalCrates: number): StockLevel {
  if (totalCrates <= 0) return 'No Stock';
  const ratio = fullCrates / totalCrates;
  if (ratio > 0.7) return 'Well Stocked';
  if (ratio > 0.4) return 'Moderate Stock';
  if (ratio > 0.1) return 'Low Stock';
  return 'Critical';
}

/** Spec §9: returned ÷ (returned + total crates) as a rounded percent, 0 when the denominator is 0. */
export function returnRate(returned: number, totalCrates: number): number {
  const denominator = returned + totalCrates;
  return denominator > 0 ? Math.round((returned * 100) / denominator) : 0;
}

export const marketAgentSchema = z.object({
  id: z.number(),
  userId: z.number(),
  agentName: z.string(),
  agentNumber: z.string(),
  agentEmail: z.string(),
  businessName: z.string().nullable(),
  marketName: z.string(),
  marketLocation: z.string(),
  location: z.string(),
  contactNumber: z.string(),
  bankName: z.string().nullable(),
  isActive: z.boolean(),
  /** fullCrates + emptyCrates + cratesWithClients (DESIGN §4). */
  totalCrates: z.number(),
  cratesWithClients: z.number(),
  fullCrates: z.number(),
  emptyCrates: z.number(),
  /** Empty crates returned to the farm and acknowledged in the current billing cycle. */
  cratesReturned: z.number(),
  /** Spec §9, a rounded percent. */
  returnRate: z.number(),
  stockLevel: z.enum(stockLevels),
  /**
   * Its clients' loans open longer than LOAN_OVERDUE_DAYS (decisions 018, 054): how many loans, how many
   * clients hold them and the crates still out on them.
   */
  overdueAtClients: z.object({ loans: z.number(), clients: z.number(), crates: z.number() }),
  createdAt: instant,
});
export type MarketAgent = z.infer<typeof marketAgentSchema>;
export const marketAgentListResponse = z.array(marketAgentSchema);

export const agentForTransmissionSchema = z.object({
  id: z.number(),
  userId: z.number(),
  agentName: z.string(),
  agentNumber: z.string(),
  businessName: z.string().nullable(),
  marketName: z.string(),
});
export type AgentForTransmission = z.infer<typeof agentForTransmissionSchema>;
export const agentsForTransmissionResponse = z.array(agentForTransmissionSchema);

/**
 * Money is a decimal string (DESIGN §5), "0.00" until a return is billed. totalEarnings: everything
 * billed to the agent in any cycle; totalPaid: what the farm store recorded as paid; totalOwed: the rest.
 */
export const earningsResponse = z.object({
  totalEarnings: z.string().regex(/^-?\d+\.\d{2}$/),
  totalPaid: z.string().regex(/^-?\d+\.\d{2}$/),
  totalOwed: z.string().regex(/^-?\d+\.\d{2}$/),
});
export type Earnings = z.infer<typeof earningsResponse>;

// ---- Farm metrics and dashboards ----

/** Public site (spec §3 Farm metrics). */
export const publicFarmMetricsResponse = z.object({ totalCrates: z.number(), atMarkets: z.number() });
export type PublicFarmMetrics = z.infer<typeof publicFarmMetricsResponse>;

export const weeklyFlowSchema = z.object({
  /** Monday of the week, a calendar date in FARM_TIMEZONE. */
  weekStart: z.string(),
  /** Crates dispatched from the farm to markets that week. */
  sent: z.number(),
  /** Empty crates received back at the farm that week (counted quantities). */
  returned: z.number(),
});

/** GET /api/dashboard/farm-metrics: where every crate is, and 12 weeks of flow. */
export const farmMetricsResponse = z.object({
  farm: z.number(),
  inTransit: z.number(),
  atMarketsFull: z.number(),
  atMarketsEmpty: z.number(),
  withClients: z.number(),
  withSuppliers: z.number(),
  /**
   * Missing crates, net: the write-off account less the crates marked damaged (counted shortfalls and
   * accepted stock-take differences minus crates found).
   */
  writtenOff: z.number(),
  /** Crates marked damaged on a client's return or the farm's count of returned empties (decision 051). */
  damagedOnReturn: z.number(),
  /** Crates in circulation: everything above except the written-off ones. */
  totalCrates: z.number(),
  /** atMarketsFull + atMarketsEmpty + withClients. */
  atMarkets: z.number(),
  /**
   * Crates the farm store wrote off as damaged (the stock history's write-offs). Crates brought in
   * (the stock history's additions) = totalCrates + writtenOff + damagedOnReturn + damagedWrittenOff.
   */
  damagedWrittenOff: z.number(),
  weekly: z.array(weeklyFlowSchema),
});
export type FarmMetrics = z.infer<typeof farmMetricsResponse>;

export const agentCratesSchema = z.object({
  fullCrates: z.number(),
  emptyCrates: z.number(),
  cratesWithClients: z.number(),
  totalCrates: z.number(),
});

/** GET /api/dashboard: one summary per role, told apart by `role`. */
export const dashboardResponse = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('farm_store'),
    stock: z.number(),
    flaggedCount: z.number(),
    pendingCount: z.number(),
    activeAgents: z.number(),
    metrics: farmMetricsResponse.omit({ weekly: true, damagedWrittenOff: true }),
    recentTransmissions: z.array(transmissionSchema),
  }),
  z.object({
    role: z.literal('market_agent'),
    marketAgentId: z.number(),
    crates: agentCratesSchema,
    totalEarnings: z.string(),
    pendingCount: z.number(),
    recentTransmissions: z.array(transmissionSchema),
  }),
  z.object({
    role: z.literal('supplier'),
    /** Crates issued to this supplier and not yet back. */
    crates: z.number(),
    pendingRequests: z.number(),
    pendingCount: z.number(),
    recentTransmissions: z.array(transmissionSchema),
  }),
]);
export type Dashboard = z.infer<typeof dashboardResponse>;
// Spec §9's 5 most recent transmissions: in transmissions-labels.ts (no zod), for the dashboards' card.
export { DASHBOARD_RECENT_TRANSMISSIONS } from './transmissions-labels.ts';
