// Billing's read API for other features (reports, dashboards, market agents): cycles by the farm's
// calendar and what agents have earned, been paid and are owed. Amounts are exact decimal strings
// straight from numeric columns; arithmetic on them goes through src/shared/money.ts.
import { and, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { CycleStatus } from '../../../shared/billing.ts';
import type { Executor } from '../../db/client.ts';
import { billingCycles, billingLines, billingPayments } from '../../db/schema/index.ts';
import * as repo from './repository.ts';
import { cycleStatusById } from './service.ts';

export type BillingCycle = {
  id: number;
  startDate: string;
  endDate: string;
  ratePerCrate: string;
};

const cycleColumns = {
  id: billingCycles.id,
  startDate: billingCycles.startDate,
  endDate: billingCycles.endDate,
  ratePerCrate: billingCycles.ratePerCrate,
};

/** The active cycle: the one whose dates contain `today` (cycles never overlap), or null. */
export async function currentCycle(db: Executor, today: string): Promise<BillingCycle | null> {
  const [row] = await db
    .select(cycleColumns)
    .from(billingCycles)
    .where(and(lte(billingCycles.startDate, today), gte(billingCycles.endDate, today)))
    .limit(1);
  return row ?? null;
}

/** The previous cycle (spec §2 Previous tab): the one that ended most recently before `today`, or null. */
export async function lastCycle(db: Executor, today: string): Promise<BillingCycle | null> {
  const [row] = await db
    .select(cycleColumns)
    .from(billingCycles)
    .where(lt(billingCycles.endDate, today))
    .orderBy(desc(billingCycles.endDate))
    .limit(1);
  return row ?? null;
}

/** The cycle whose dates are exactly these, or null (a statement asked for by its dates). */
export async function cycleWithDates(db: Executor, startDate: string, endDate: string): Promise<BillingCycle | null> {
  const [row] = await db
    .select(cycleColumns)
    .from(billingCycles)
    .where(and(eq(billingCycles.startDate, startDate), eq(billingCycles.endDate, endDate)))
    .limit(1);
  return row ?? null;
}

export type AgentEarnings = {
  /** Everything billed to the agent, in every cycle. */
  totalEarnings: string;
  /** What the farm store recorded as paid. */
  totalPaid: string;
  /** totalEarnings − totalPaid. */
  totalOwed: string;
  totalCratesReturned: number;
};

const ZERO: AgentEarnings = { totalEarnings: '0.00', totalPaid: '0.00', totalOwed: '0.00', totalCratesReturned: 0 };

/** Each asked-for agent's billed, paid and owed money (agents without lines get "0.00" and 0). */
export async function agentEarnings(db: Executor, marketAgentIds: number[]): Promise<Map<number, AgentEarnings>> {
  const out = new Map<number, AgentEarnings>(marketAgentIds.map((id) => [id, { ...ZERO }]));
  if (marketAgentIds.length === 0) return out;
  const billed = db
    .select({
      marketAgentId: billingLines.marketAgentId,
      amount: sql<string>`sum(${billingLines.amount})`.as('billed_amount'),
      crates: sql<number>`sum(${billingLines.crates})`.as('billed_crates'),
    })
    .from(billingLines)
    .where(and(inArray(billingLines.marketAgentId, marketAgentIds), sql`${billingLines.cycleId} is not null`))
    .groupBy(billingLines.marketAgentId)
    .as('billed');
  const paid = db
    .select({
      marketAgentId: billingPayments.marketAgentId,
      amount: sql<string>`sum(${billingPayments.amount})`.as('paid_amount'),
    })
    .from(billingPayments)
    .where(inArray(billingPayments.marketAgentId, marketAgentIds))
    .groupBy(billingPayments.marketAgentId)
    .as('paid');
  const rows = await db
    .select({
      marketAgentId: billed.marketAgentId,
      // numeric sums stay exact; ::numeric(14,2) keeps two places ("0.00", not "0").
      totalEarnings: sql<string>`coalesce(${billed.amount}, 0)::numeric(14, 2)::text`,
      totalPaid: sql<string>`coalesce(${paid.amount}, 0)::numeric(14, 2)::text`,
      totalOwed: sql<string>`(coalesce(${billed.amount}, 0) - coalesce(${paid.amount}, 0))::numeric(14, 2)::text`,
      totalCratesReturned: sql<number>`coalesce(${billed.crates}, 0)::integer`,
    })
    .from(billed)
    .leftJoin(paid, eq(paid.marketAgentId, billed.marketAgentId));
  for (const row of rows) {
    out.set(row.marketAgentId, {
      totalEarnings: row.totalEarnings,
      totalPaid: row.totalPaid,
      totalOwed: row.totalOwed,
      totalCratesReturned: Number(row.totalCratesReturned),
    });
  }
  return out;
}

export type AgentCycleTotals = { crates: number; amount: string };

/** Each agent's billed crates and amount in one cycle (agents without lines there are absent). */
export async function cycleTotalsByAgent(db: Executor, cycleId: number): Promise<Map<number, AgentCycleTotals>> {
  const rows = await db
    .select({
      marketAgentId: billingLines.marketAgentId,
      crates: sql<number>`sum(${billingLines.crates})::integer`,
      amount: sql<string>`sum(${billingLines.amount})::numeric(14, 2)::text`,
    })
    .from(billingLines)
    .where(eq(billingLines.cycleId, cycleId))
    .groupBy(billingLines.marketAgentId);
  return new Map(rows.map((r) => [r.marketAgentId, { crates: Number(r.crates), amount: r.amount }]));
}

/** A cycle's status on the farm's `today` (upcoming, active, completed, paid: billing's one rule). */
export async function cycleStatusOn(db: Executor, cycleId: number, today: string): Promise<CycleStatus> {
  return cycleStatusById(db, cycleId, today);
}

export type CycleRecord = repo.RecordRow;

/**
 * Each agent's record in a cycle by name: its lines summed, its payment, what it is still owed, its
 * bank details in full and whether they are complete (the payout file's test). Only `marketAgentId`'s
 * when given. For the statement, which masks the account number itself.
 */
export const cycleRecords = (db: Executor, cycleId: number, marketAgentId?: number): Promise<CycleRecord[]> =>
  repo.cycleRecords(db, cycleId, { limit: 100_000, marketAgentId, order: 'name' });
