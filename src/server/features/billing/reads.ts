// Billing's read API for other features (reports, dashboards, market agents): the current and last
// cycle and what agents have earned. Amounts are exact decimal strings straight from numeric columns;
// arithmetic on them goes through src/shared/money.ts.
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { billingCycles, billingRecords } from '../../db/schema/index.ts';

export type BillingCycle = {
  id: number;
  startDate: string;
  endDate: string;
  ratePerCrate: string;
  status: 'active' | 'completed';
};

const cycleColumns = {
  id: billingCycles.id,
  startDate: billingCycles.startDate,
  endDate: billingCycles.endDate,
  ratePerCrate: billingCycles.ratePerCrate,
  status: billingCycles.status,
};

/** The active cycle, or null when none is (spec §2 'No Active Billing Cycle'). */
export async function currentCycle(db: Executor): Promise<BillingCycle | null> {
  const [row] = await db.select(cycleColumns).from(billingCycles).where(eq(billingCycles.status, 'active')).limit(1);
  return row ?? null;
}

/** The most recently completed cycle (the one the current cycle replaced), or null. */
export async function lastCycle(db: Executor): Promise<BillingCycle | null> {
  const [row] = await db
    .select(cycleColumns)
    .from(billingCycles)
    .where(eq(billingCycles.status, 'completed'))
    .orderBy(sql`${billingCycles.completedAt} desc nulls last`, desc(billingCycles.id))
    .limit(1);
  return row ?? null;
}

export type AgentEarnings = { totalEarnings: string; totalCratesReturned: number };

/** Each asked-for agent's earnings over every cycle (agents without records get "0.00" and 0). */
export async function agentEarnings(db: Executor, marketAgentIds: number[]): Promise<Map<number, AgentEarnings>> {
  const out = new Map<number, AgentEarnings>(
    marketAgentIds.map((id) => [id, { totalEarnings: '0.00', totalCratesReturned: 0 }]),
  );
  if (marketAgentIds.length === 0) return out;
  const rows = await db
    .select({
      marketAgentId: billingRecords.marketAgentId,
      // numeric sum stays exact; ::numeric(14,2) keeps two places ("0.00", not "0").
      totalEarnings: sql<string>`coalesce(sum(${billingRecords.totalAmount}), 0)::numeric(14, 2)::text`,
      totalCratesReturned: sql<number>`coalesce(sum(${billingRecords.totalCratesReturned}), 0)::integer`,
    })
    .from(billingRecords)
    .where(inArray(billingRecords.marketAgentId, marketAgentIds))
    .groupBy(billingRecords.marketAgentId);
  for (const row of rows) {
    out.set(row.marketAgentId, {
      totalEarnings: row.totalEarnings,
      totalCratesReturned: Number(row.totalCratesReturned),
    });
  }
  return out;
}
