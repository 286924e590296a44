// Billing queries: cycles with their totals, records with their agents, accrual, bank details. Every
// amount is computed and summed in SQL numeric and leaves as text, so it is exact end to end.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { billingCycles, billingRecords, marketAgents, users } from '../../db/schema/index.ts';

export type CycleRow = {
  id: number;
  startDate: string;
  endDate: string;
  ratePerCrate: string;
  status: 'active' | 'completed';
  totalCratesReturned: number;
  totalAmount: string;
  agentCount: number;
};

const cycleWithTotals = {
  id: billingCycles.id,
  startDate: billingCycles.startDate,
  endDate: billingCycles.endDate,
  ratePerCrate: billingCycles.ratePerCrate,
  status: billingCycles.status,
  totalCratesReturned: sql<number>`coalesce(sum(${billingRecords.totalCratesReturned}), 0)::integer`,
  totalAmount: sql<string>`coalesce(sum(${billingRecords.totalAmount}), 0)::numeric(16, 2)::text`,
  agentCount: sql<number>`count(${billingRecords.id})::integer`,
};

async function cycleWhere(db: Executor, where: ReturnType<typeof eq>, newestFirst = false): Promise<CycleRow | null> {
  const [row] = await db
    .select(cycleWithTotals)
    .from(billingCycles)
    .leftJoin(billingRecords, eq(billingRecords.cycleId, billingCycles.id))
    .where(where)
    .groupBy(billingCycles.id)
    .orderBy(
      ...(newestFirst
        ? [sql`${billingCycles.completedAt} desc nulls last`, desc(billingCycles.id)]
        : [desc(billingCycles.id)]),
    )
    .limit(1);
  return row
    ? { ...row, totalCratesReturned: Number(row.totalCratesReturned), agentCount: Number(row.agentCount) }
    : null;
}

export const findActiveCycle = (db: Executor) => cycleWhere(db, eq(billingCycles.status, 'active'));
export const findLastCompletedCycle = (db: Executor) => cycleWhere(db, eq(billingCycles.status, 'completed'), true);
export const findCycle = (db: Executor, id: number) => cycleWhere(db, eq(billingCycles.id, id));

/** Completes the active cycle, if any (spec §4: creating a cycle completes the previous one). */
export async function completeActiveCycle(tx: Executor): Promise<void> {
  await tx
    .update(billingCycles)
    .set({ status: 'completed', completedAt: sql`now()` })
    .where(eq(billingCycles.status, 'active'));
}

export async function insertCycle(
  tx: Executor,
  values: { startDate: string; endDate: string; ratePerCrate: string },
): Promise<number> {
  const [row] = await tx.insert(billingCycles).values(values).returning({ id: billingCycles.id });
  return row.id;
}

/**
 * Adds `crates` (negative for a reversed over-count) to the agent's record in the active cycle, at
 * the cycle's rate, creating the record on first use; the cycle row is share-locked so a cycle being
 * completed at the same moment waits for this transaction (its totals are final once completed).
 * Returns false when no cycle was active in this statement's snapshot (or it was completed meanwhile).
 */
export async function accrueToActiveCycle(tx: Executor, marketAgentId: number, crates: number): Promise<boolean> {
  const result = await tx.execute<{ id: number }>(sql`
    with cycle as (
      select id, rate_per_crate from billing_cycles where status = 'active' for share
    )
    insert into billing_records (cycle_id, market_agent_id, total_crates_returned, total_amount, updated_at)
    select cycle.id, ${marketAgentId}, ${crates}::integer, cycle.rate_per_crate * ${crates}::integer, now()
    from cycle
    on conflict (cycle_id, market_agent_id) do update set
      total_crates_returned = billing_records.total_crates_returned + excluded.total_crates_returned,
      total_amount = billing_records.total_amount + excluded.total_amount,
      updated_at = now()
    returning id`);
  return result.rows.length > 0;
}

export type RecordRow = {
  id: number;
  cycleId: number;
  marketAgentId: number;
  agentName: string;
  businessName: string | null;
  agentNumber: string;
  bankName: string | null;
  accountNumber: string | null;
  branchCode: string | null;
  accountHolderName: string | null;
  totalCratesReturned: number;
  totalAmount: string;
};

const recordWithAgent = {
  id: billingRecords.id,
  cycleId: billingRecords.cycleId,
  marketAgentId: billingRecords.marketAgentId,
  agentName: users.name,
  businessName: marketAgents.businessName,
  agentNumber: marketAgents.agentNumber,
  bankName: marketAgents.bankName,
  accountNumber: marketAgents.accountNumber,
  branchCode: marketAgents.branchCode,
  accountHolderName: marketAgents.accountHolderName,
  totalCratesReturned: billingRecords.totalCratesReturned,
  totalAmount: sql<string>`${billingRecords.totalAmount}::text`,
};

/**
 * A cycle's records with their agents, newest record first (`before` pages on the record id); only
 * one agent's when `marketAgentId` is given.
 */
export async function listRecords(
  db: Executor,
  cycleId: number,
  page: { limit: number; before?: number; marketAgentId?: number },
): Promise<RecordRow[]> {
  return db
    .select(recordWithAgent)
    .from(billingRecords)
    .innerJoin(marketAgents, eq(marketAgents.id, billingRecords.marketAgentId))
    .innerJoin(users, eq(users.id, marketAgents.userId))
    .where(
      and(
        eq(billingRecords.cycleId, cycleId),
        page.marketAgentId === undefined ? undefined : eq(billingRecords.marketAgentId, page.marketAgentId),
        page.before === undefined ? undefined : lt(billingRecords.id, page.before),
      ),
    )
    .orderBy(desc(billingRecords.id))
    .limit(page.limit);
}

/** Every record of a cycle, largest amount first (the payout file). */
export async function allRecords(db: Executor, cycleId: number): Promise<RecordRow[]> {
  return db
    .select(recordWithAgent)
    .from(billingRecords)
    .innerJoin(marketAgents, eq(marketAgents.id, billingRecords.marketAgentId))
    .innerJoin(users, eq(users.id, marketAgents.userId))
    .where(eq(billingRecords.cycleId, cycleId))
    .orderBy(desc(billingRecords.totalAmount), users.name, billingRecords.id);
}

/** One agent's records with their cycles, newest cycle first (`before` pages on the cycle id). */
export async function agentHistory(db: Executor, marketAgentId: number, page: { limit: number; before?: number }) {
  return db
    .select({
      cycleId: billingCycles.id,
      startDate: billingCycles.startDate,
      endDate: billingCycles.endDate,
      ratePerCrate: billingCycles.ratePerCrate,
      status: billingCycles.status,
      totalCratesReturned: billingRecords.totalCratesReturned,
      totalAmount: sql<string>`${billingRecords.totalAmount}::text`,
    })
    .from(billingRecords)
    .innerJoin(billingCycles, eq(billingCycles.id, billingRecords.cycleId))
    .where(
      and(
        eq(billingRecords.marketAgentId, marketAgentId),
        page.before === undefined ? undefined : lt(billingCycles.id, page.before),
      ),
    )
    .orderBy(desc(billingCycles.id))
    .limit(page.limit);
}

/** User ids of the active market agents: who hears that a new cycle started. */
export async function activeAgentUserIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ userId: users.id })
    .from(users)
    .where(and(eq(users.role, 'market_agent'), eq(users.isActive, true)));
  return rows.map((r) => r.userId);
}

export type BankDetailsRow = {
  bankName: string | null;
  accountNumber: string | null;
  branchCode: string | null;
  accountHolderName: string | null;
};

const bankColumns = {
  bankName: marketAgents.bankName,
  accountNumber: marketAgents.accountNumber,
  branchCode: marketAgents.branchCode,
  accountHolderName: marketAgents.accountHolderName,
};

export async function findBankDetails(db: Executor, userId: number): Promise<BankDetailsRow | null> {
  const [row] = await db.select(bankColumns).from(marketAgents).where(eq(marketAgents.userId, userId)).limit(1);
  return row ?? null;
}

export async function updateBankDetails(
  tx: Executor,
  userId: number,
  details: { bankName: string; accountNumber: string; branchCode: string; accountHolderName: string },
): Promise<BankDetailsRow | null> {
  const [row] = await tx
    .update(marketAgents)
    .set(details)
    .where(eq(marketAgents.userId, userId))
    .returning(bankColumns);
  return row ?? null;
}
