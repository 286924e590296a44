// Billing queries: cycles with their totals, billing lines (one per acknowledged return), payments,
// records (an agent's lines in a cycle, summed), bank details. Every amount is computed and summed in
// SQL numeric and leaves as text, so it is exact end to end. Dates leave as text (YYYY-MM-DD as stored).
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sqlList } from '../../db/rows.ts';
import { billingCycles, marketAgents } from '../../db/schema/index.ts';

/** One advisory lock key for billing: returns take it shared, cycle changes and payments exclusive. */
const BILLING_LOCK = 727_020;

/**
 * Held by every write that bills a return (until its transaction ends): many at once, but never
 * while a cycle is being created or a payment recorded, so each return sees the cycles as they are.
 */
export async function holdBillingShared(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${BILLING_LOCK})`);
}

/** Held by cycle creation and payments: waits for returns being billed, and they wait for it. */
export async function holdBillingExclusive(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BILLING_LOCK})`);
}

const complete = sql`(a.bank_name is not null and a.account_number is not null and a.branch_code is not null
  and a.account_holder_name is not null)`;

export type CycleTotalsRow = {
  id: number;
  startDate: string;
  endDate: string;
  ratePerCrate: string;
  totalCratesReturned: number;
  totalAmount: string;
  agentCount: number;
  totalPaid: string;
  totalOwed: string;
  agentsOwed: number;
  agentsWithoutBankDetails: number;
};

/** Cycles with their totals from their lines and payments, selected by `where` over `c`, newest first. */
async function cyclesWhere(db: Executor, where: ReturnType<typeof sql>, limit: number): Promise<CycleTotalsRow[]> {
  const result = await db.execute<Record<string, string | number>>(sql`
    select c.id, c.start_date::text as start_date, c.end_date::text as end_date,
      c.rate_per_crate::text as rate,
      coalesce(b.crates, 0)::bigint as crates,
      coalesce(b.amount, 0)::numeric(16, 2)::text as amount,
      coalesce(b.agents, 0)::integer as agents,
      coalesce(p.amount, 0)::numeric(16, 2)::text as paid,
      (coalesce(b.amount, 0) - coalesce(p.amount, 0))::numeric(16, 2)::text as owed,
      coalesce(b.owed_agents, 0)::integer as owed_agents,
      coalesce(b.missing, 0)::integer as missing
    from billing_cycles c
    -- One pass over the cycle's lines (an index-only scan): each agent's sums, then the cycle's.
    left join lateral (
      select sum(x.crates) as crates, sum(x.billed) as amount, count(*) as agents,
        count(*) filter (where x.billed > coalesce(pay.amount, 0)) as owed_agents,
        count(*) filter (where x.billed > coalesce(pay.amount, 0) and not ${complete}) as missing
      from (
        select l.market_agent_id, sum(l.crates) as crates, sum(l.amount) as billed from billing_lines l
        where l.cycle_id = c.id group by l.market_agent_id
      ) x
      join market_agents a on a.id = x.market_agent_id
      left join billing_payments pay on pay.cycle_id = c.id and pay.market_agent_id = x.market_agent_id
    ) b on true
    left join lateral (select sum(amount) as amount from billing_payments where cycle_id = c.id) p on true
    where ${where}
    order by c.start_date desc
    limit ${limit}`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    startDate: String(r.start_date),
    endDate: String(r.end_date),
    ratePerCrate: String(r.rate),
    totalCratesReturned: Number(r.crates),
    totalAmount: String(r.amount),
    agentCount: Number(r.agents),
    totalPaid: String(r.paid),
    totalOwed: String(r.owed),
    agentsOwed: Number(r.owed_agents),
    agentsWithoutBankDetails: Number(r.missing),
  }));
}

export const findCycle = async (db: Executor, id: number) => (await cyclesWhere(db, sql`c.id = ${id}`, 1))[0] ?? null;

/** The cycle whose dates contain `day` (cycles never overlap), with its totals. */
export const findCycleOn = async (db: Executor, day: string) =>
  (await cyclesWhere(db, sql`${day}::date between c.start_date and c.end_date`, 1))[0] ?? null;

/** The cycle that ended most recently before `day`. */
export const findCycleEndedBefore = async (db: Executor, day: string) =>
  (await cyclesWhere(db, sql`c.end_date < ${day}::date`, 1))[0] ?? null;

/** Every cycle, latest dates first; `before` (a cycle id) pages on: cycles starting before that one. */
export const listCycles = (db: Executor, page: { limit: number; before?: number }) =>
  cyclesWhere(
    db,
    page.before === undefined
      ? sql`true`
      : sql`c.start_date < (select s.start_date from billing_cycles s where s.id = ${page.before})`,
    page.limit,
  );

/** Existing cycles whose dates overlap these. */
export async function overlappingCycles(db: Executor, dates: { startDate: string; endDate: string }) {
  const result = await db.execute<{ id: number; start_date: string; end_date: string }>(sql`
    select id, start_date::text as start_date, end_date::text as end_date from billing_cycles
    where start_date <= ${dates.endDate}::date and end_date >= ${dates.startDate}::date
    order by start_date`);
  return result.rows.map((r) => ({ id: Number(r.id), startDate: r.start_date, endDate: r.end_date }));
}

/**
 * Ends a cycle on `endDate`; its lines after that day become unbilled (the caller bills those the new
 * cycle covers; any after the new cycle's end wait for a cycle covering their day).
 */
export async function shortenCycle(tx: Executor, id: number, endDate: string): Promise<void> {
  await tx.update(billingCycles).set({ endDate }).where(eq(billingCycles.id, id));
  await tx.execute(sql`
    update billing_lines set cycle_id = null, amount = null, updated_at = now()
    where cycle_id = ${id} and acknowledged_on > ${endDate}::date`);
}

export async function insertCycle(
  tx: Executor,
  values: { startDate: string; endDate: string; ratePerCrate: string; createdBy: number | null },
): Promise<number> {
  const [row] = await tx.insert(billingCycles).values(values).returning({ id: billingCycles.id });
  return row.id;
}

/**
 * Bills to this cycle, at its rate, every line whose day it covers that is unbilled or sits in
 * `takeFrom` (the running cycle it completes). Returns the market agents whose lines moved.
 */
export async function billLinesInto(tx: Executor, cycleId: number, takeFrom: number | null): Promise<number[]> {
  const result = await tx.execute<{ market_agent_id: number }>(sql`
    update billing_lines l set cycle_id = c.id, amount = c.rate_per_crate * l.crates, updated_at = now()
    from billing_cycles c
    where c.id = ${cycleId}
      and l.acknowledged_on between c.start_date and c.end_date
      and (l.cycle_id is null ${takeFrom === null ? sql`` : sql`or l.cycle_id = ${takeFrom}`})
    returning l.market_agent_id`);
  return [...new Set(result.rows.map((r) => Number(r.market_agent_id)))];
}

/**
 * The return's billing line: its counted crates on the farm's day it was acknowledged (in `timeZone`),
 * billed to the cycle covering that day at its rate, or unbilled. The unique index on transmission_id
 * makes a second line for the same return impossible.
 */
export async function insertLine(
  tx: Executor,
  line: { transmissionId: number; marketAgentId: number; crates: number; timeZone: string },
): Promise<{ cycleId: number | null }> {
  const result = await tx.execute<{ cycle_id: number | null }>(sql`
    insert into billing_lines (transmission_id, market_agent_id, acknowledged_on, crates, cycle_id, amount)
    select t.id, ${line.marketAgentId}, d.day, ${line.crates}::integer, c.id, c.rate_per_crate * ${line.crates}::integer
    from transmissions t
    cross join lateral (select (t.acknowledged_at at time zone ${line.timeZone})::date as day) d
    left join billing_cycles c on d.day between c.start_date and c.end_date
    where t.id = ${line.transmissionId}
    returning cycle_id`);
  if (result.rows.length === 0) throw new Error(`insertLine: transmission ${line.transmissionId} not found`);
  const cycleId = result.rows[0].cycle_id;
  return { cycleId: cycleId === null ? null : Number(cycleId) };
}

/** Was this agent paid for this cycle? */
export async function isPaid(tx: Executor, cycleId: number, marketAgentId: number): Promise<boolean> {
  const result = await tx.execute<{ paid: boolean }>(sql`
    select exists (select 1 from billing_payments where cycle_id = ${cycleId} and market_agent_id = ${marketAgentId}) as paid`);
  return result.rows[0]?.paid === true;
}

export type LineRow = { id: number; marketAgentId: number; cycleId: number | null; crates: number; paid: boolean };

/** The return's line, locked, with whether its agent was already paid for its cycle. */
export async function findLineForUpdate(tx: Executor, transmissionId: number): Promise<LineRow | null> {
  const result = await tx.execute<Record<string, number | boolean | null>>(sql`
    select l.id, l.market_agent_id, l.cycle_id, l.crates,
      exists (select 1 from billing_payments p where p.cycle_id = l.cycle_id and p.market_agent_id = l.market_agent_id) as paid
    from billing_lines l where l.transmission_id = ${transmissionId}
    for update of l`);
  const r = result.rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    marketAgentId: Number(r.market_agent_id),
    cycleId: r.cycle_id === null ? null : Number(r.cycle_id),
    crates: Number(r.crates),
    paid: r.paid === true,
  };
}

/** Adds `delta` crates (negative: fewer) to a line, its amount following at its cycle's rate. */
export async function adjustLine(tx: Executor, lineId: number, delta: number): Promise<void> {
  await tx.execute(sql`
    update billing_lines l set crates = l.crates + ${delta}::integer,
      amount = (select c.rate_per_crate from billing_cycles c where c.id = l.cycle_id) * (l.crates + ${delta}::integer),
      updated_at = now()
    where l.id = ${lineId}`);
}

export type UnbilledItemRow = {
  transmissionId: number;
  marketAgentId: number;
  agentName: string;
  agentNumber: string;
  acknowledgedOn: string;
  crates: number;
};

/** Totals of every unbilled line, and the oldest `limit` of them with their agents. */
export async function unbilled(db: Executor, limit: number) {
  const totals = await db.execute<Record<string, string | number | null>>(sql`
    select count(*)::integer as returns, coalesce(sum(crates), 0)::bigint as crates,
      min(acknowledged_on)::text as first_date, max(acknowledged_on)::text as last_date
    from billing_lines where cycle_id is null`);
  const items = await db.execute<Record<string, string | number>>(sql`
    select l.transmission_id, l.market_agent_id, u.name, a.agent_number, l.acknowledged_on::text as day, l.crates
    from billing_lines l
    join market_agents a on a.id = l.market_agent_id
    join users u on u.id = a.user_id
    where l.cycle_id is null
    order by l.acknowledged_on, l.id
    limit ${limit}`);
  const t = totals.rows[0];
  return {
    returns: Number(t.returns),
    crates: Number(t.crates),
    firstDate: t.first_date === null ? null : String(t.first_date),
    lastDate: t.last_date === null ? null : String(t.last_date),
    items: items.rows.map(
      (r): UnbilledItemRow => ({
        transmissionId: Number(r.transmission_id),
        marketAgentId: Number(r.market_agent_id),
        agentName: String(r.name),
        agentNumber: String(r.agent_number),
        acknowledgedOn: String(r.day),
        crates: Number(r.crates),
      }),
    ),
  };
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
  accountType: 'current' | 'savings' | 'transmission' | null;
  hasBankDetails: boolean;
  /** False once the agent's account was removed (decision 039): its record stays, marked. */
  isActive: boolean;
  totalCratesReturned: number;
  totalAmount: string;
  paidAmount: string;
  paidOn: string | null;
  paymentReference: string | null;
  owedAmount: string;
};

/**
 * Each agent's record in a cycle: its lines summed, with its payment and bank details. A record's id
 * is its first line's (records are sums, not rows); newest first, `before` pages on that id.
 */
export async function cycleRecords(
  db: Executor,
  cycleId: number,
  page: { limit: number; before?: number; marketAgentId?: number; order?: 'newest' | 'amount' | 'name' },
): Promise<RecordRow[]> {
  const result = await db.execute<Record<string, string | number | boolean | null>>(sql`
    select x.id, x.market_agent_id, x.crates, x.amount::text as amount,
      u.name, u.is_active, a.business_name, a.agent_number, a.bank_name, a.account_number, a.branch_code,
      a.account_holder_name, a.account_type, ${complete} as complete,
      coalesce(p.amount, 0)::numeric(14, 2)::text as paid, p.paid_on::text as paid_on, p.reference,
      (x.amount - coalesce(p.amount, 0))::numeric(14, 2)::text as owed
    from (
      select min(l.id) as id, l.market_agent_id, sum(l.crates)::bigint as crates,
        sum(l.amount)::numeric(14, 2) as amount
      from billing_lines l
      where l.cycle_id = ${cycleId}
        ${page.marketAgentId === undefined ? sql`` : sql`and l.market_agent_id = ${page.marketAgentId}`}
      group by l.market_agent_id
    ) x
    join market_agents a on a.id = x.market_agent_id
    join users u on u.id = a.user_id
    left join billing_payments p on p.cycle_id = ${cycleId} and p.market_agent_id = x.market_agent_id
    where ${page.before === undefined ? sql`true` : sql`x.id < ${page.before}`}
    order by ${
      page.order === 'amount'
        ? sql`x.amount desc, u.name, x.id`
        : page.order === 'name'
          ? sql`u.name, a.id`
          : sql`x.id desc`
    }
    limit ${page.limit}`);
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return result.rows.map((r) => ({
    id: Number(r.id),
    cycleId,
    marketAgentId: Number(r.market_agent_id),
    agentName: String(r.name),
    businessName: text(r.business_name),
    agentNumber: String(r.agent_number),
    bankName: text(r.bank_name),
    accountNumber: text(r.account_number),
    branchCode: text(r.branch_code),
    accountHolderName: text(r.account_holder_name),
    accountType: text(r.account_type) as RecordRow['accountType'],
    hasBankDetails: r.complete === true,
    isActive: r.is_active === true,
    totalCratesReturned: Number(r.crates),
    totalAmount: String(r.amount),
    paidAmount: String(r.paid),
    paidOn: text(r.paid_on),
    paymentReference: text(r.reference),
    owedAmount: String(r.owed),
  }));
}

/** Records one payment per agent: the agent's whole billed amount in the cycle. */
export async function insertPayments(
  tx: Executor,
  cycleId: number,
  marketAgentIds: number[],
  payment: { paidOn: string; reference: string; recordedBy: number },
) {
  if (marketAgentIds.length === 0) return [];
  const result = await tx.execute<Record<string, string | number>>(sql`
    insert into billing_payments (cycle_id, market_agent_id, crates, amount, paid_on, reference, recorded_by)
    select ${cycleId}, l.market_agent_id, sum(l.crates), sum(l.amount), ${payment.paidOn}::date,
      ${payment.reference}, ${payment.recordedBy}
    from billing_lines l
    where l.cycle_id = ${cycleId} and l.market_agent_id in (${sqlList(marketAgentIds)})
    group by l.market_agent_id
    returning id, market_agent_id, crates, amount::text as amount, paid_on::text as paid_on, reference`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    marketAgentId: Number(r.market_agent_id),
    crates: Number(r.crates),
    amount: String(r.amount),
    paidOn: String(r.paid_on),
    reference: String(r.reference),
  }));
}

/** One agent's records per cycle with their cycles, latest first (`before`: a cycle id, as listCycles). */
export async function agentHistory(db: Executor, marketAgentId: number, page: { limit: number; before?: number }) {
  const result = await db.execute<Record<string, string | number | null>>(sql`
    select c.id, c.start_date::text as start_date, c.end_date::text as end_date, c.rate_per_crate::text as rate,
      x.crates, x.amount::text as amount,
      coalesce(p.amount, 0)::numeric(14, 2)::text as paid, p.paid_on::text as paid_on, p.reference,
      (x.amount - coalesce(p.amount, 0))::numeric(14, 2)::text as owed
    from (
      select l.cycle_id, sum(l.crates)::bigint as crates, sum(l.amount)::numeric(14, 2) as amount
      from billing_lines l
      where l.market_agent_id = ${marketAgentId} and l.cycle_id is not null
      group by l.cycle_id
    ) x
    join billing_cycles c on c.id = x.cycle_id
    left join billing_payments p on p.cycle_id = c.id and p.market_agent_id = ${marketAgentId}
    where ${
      page.before === undefined
        ? sql`true`
        : sql`c.start_date < (select s.start_date from billing_cycles s where s.id = ${page.before})`
    }
    order by c.start_date desc
    limit ${page.limit}`);
  return result.rows.map((r) => ({
    cycleId: Number(r.id),
    startDate: String(r.start_date),
    endDate: String(r.end_date),
    ratePerCrate: String(r.rate),
    totalCratesReturned: Number(r.crates),
    totalAmount: String(r.amount),
    paidAmount: String(r.paid),
    paidOn: r.paid_on === null ? null : String(r.paid_on),
    paymentReference: r.reference === null ? null : String(r.reference),
    owedAmount: String(r.owed),
  }));
}

/** User ids of these market agents (who hears that their billing changed). */
export async function agentUserIds(db: Executor, marketAgentIds: number[]): Promise<number[]> {
  if (marketAgentIds.length === 0) return [];
  const result = await db.execute<{ user_id: number }>(sql`
    select user_id from market_agents where id in (${sqlList(marketAgentIds)})`);
  return result.rows.map((r) => Number(r.user_id));
}

export type BankDetailsRow = {
  bankName: string | null;
  accountNumber: string | null;
  branchCode: string | null;
  accountHolderName: string | null;
  accountType: 'current' | 'savings' | 'transmission' | null;
};

const bankColumns = {
  bankName: marketAgents.bankName,
  accountNumber: marketAgents.accountNumber,
  branchCode: marketAgents.branchCode,
  accountHolderName: marketAgents.accountHolderName,
  accountType: marketAgents.accountType,
};

export async function findBankDetails(db: Executor, marketAgentId: number): Promise<BankDetailsRow | null> {
  const [row] = await db.select(bankColumns).from(marketAgents).where(eq(marketAgents.id, marketAgentId)).limit(1);
  return row ?? null;
}

export async function updateBankDetails(
  tx: Executor,
  marketAgentId: number,
  details: Omit<BankDetailsRow, 'accountType'> & { accountType: NonNullable<BankDetailsRow['accountType']> },
): Promise<BankDetailsRow | null> {
  const [row] = await tx
    .update(marketAgents)
    .set(details)
    .where(eq(marketAgents.id, marketAgentId))
    .returning(bankColumns);
  return row ?? null;
}

/** Returns acknowledged but in no billing cycle yet, and their crates (for /metrics). */
export async function unbilledFigures(db: Executor): Promise<{ returns: number; crates: number }> {
  const { rows } = await db.execute<{ returns: number; crates: string | number }>(sql`
    select count(*)::integer as returns, coalesce(sum(crates), 0)::bigint as crates
    from billing_lines where cycle_id is null`);
  return { returns: Number(rows[0]?.returns ?? 0), crates: Number(rows[0]?.crates ?? 0) };
}
