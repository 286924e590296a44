// Report queries: every figure is one SQL aggregate over a period (calendar days in the farm's time
// zone), never a loop over rows in JavaScript. A recalled transmission never happened as far as a
// report is concerned. Crate balances come from the ledger's read API, not from here. Billing figures
// are sums of billing lines (one per counted return, dated by the farm day it was counted on) and
// recorded payments, in SQL numeric, leaving as text; dates leave as text, exactly as stored.
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Period } from './period.ts';

type Scope = { period: Period; timeZone: string; agentId?: number };

/** Transmissions sent within the period (its first day's midnight to the midnight after its last). */
const sentIn = ({ period, timeZone }: Scope): SQL =>
  sql`t.sent_at >= (${period.startDate}::date::timestamp at time zone ${timeZone})
    and t.sent_at < ((${period.endDate}::date + 1)::timestamp at time zone ${timeZone})
    and t.status <> 'recalled'`;
const forAgent = (agentId?: number): SQL => (agentId === undefined ? sql`` : sql`and t.market_agent_id = ${agentId}`);
/** Crates a transmission moved: the counted quantity once counted, else the quantity sent. */
const crates = sql`coalesce(t.actual_quantity, t.quantity)`;

export type RawTotals = {
  total: number;
  crates: number;
  acknowledged: number;
  farmToMarket: number;
  marketToFarm: number;
  activeAgents: number;
};

export async function periodTotals(db: Executor, scope: Scope): Promise<RawTotals> {
  const result = await db.execute<Record<string, string | number>>(sql`
    select count(*)::int as total,
      coalesce(sum(${crates}), 0)::bigint as crates,
      count(*) filter (where t.status = 'acknowledged')::int as acknowledged,
      count(*) filter (where t.type = 'farm_to_market')::int as farm_to_market,
      count(*) filter (where t.type = 'market_to_farm')::int as market_to_farm,
      count(distinct t.market_agent_id)::int as active_agents
    from transmissions t
    where ${sentIn(scope)} ${forAgent(scope.agentId)}`);
  const r = result.rows[0];
  return {
    total: Number(r.total),
    crates: Number(r.crates),
    acknowledged: Number(r.acknowledged),
    farmToMarket: Number(r.farm_to_market),
    marketToFarm: Number(r.market_to_farm),
    activeAgents: Number(r.active_agents),
  };
}

/** Crates delivered to markets and returned to the farm per bar of `bucketDays` days (only bars with any). */
export async function chartBuckets(db: Executor, scope: Scope, bucketDays: number) {
  const result = await db.execute<{ bucket: number; delivered: string | number; returned: string | number }>(sql`
    select (((t.sent_at at time zone ${scope.timeZone})::date - ${scope.period.startDate}::date) / ${bucketDays})::int
        as bucket,
      coalesce(sum(${crates}) filter (where t.type = 'farm_to_market'), 0)::bigint as delivered,
      coalesce(sum(${crates}) filter (where t.type = 'market_to_farm'), 0)::bigint as returned
    from transmissions t
    where ${sentIn(scope)} ${forAgent(scope.agentId)}
    group by 1`);
  return result.rows.map((r) => ({
    bucket: Number(r.bucket),
    delivered: Number(r.delivered),
    returned: Number(r.returned),
  }));
}

export type AgentActivityRow = {
  marketAgentId: number;
  userId: number;
  agentName: string;
  agentEmail: string;
  agentNumber: string;
  businessName: string | null;
  transmissions: number;
  cratesDelivered: number;
  cratesReturned: number;
  billedCrates: number;
  billedAmount: string;
  unbilledCrates: number;
};

/** Billing lines of returns counted (acknowledged) on a farm day within the period. */
const countedIn = ({ period }: Scope): SQL =>
  sql`l.acknowledged_on between ${period.startDate}::date and ${period.endDate}::date`;

/**
 * Each agent's activity in the period: every active agent (or the one asked for), and any removed
 * agent that still moved crates in it.
 */
export async function agentActivity(db: Executor, scope: Scope): Promise<AgentActivityRow[]> {
  const result = await db.execute<Record<string, string | number | null>>(sql`
    select a.id, a.user_id, u.name, u.email, a.agent_number, a.business_name,
      coalesce(s.transmissions, 0)::int as transmissions,
      coalesce(s.delivered, 0)::bigint as delivered,
      coalesce(s.returned, 0)::bigint as returned,
      coalesce(b.billed_crates, 0)::bigint as billed_crates,
      coalesce(b.billed_amount, 0)::numeric(14, 2)::text as billed_amount,
      coalesce(b.unbilled_crates, 0)::bigint as unbilled_crates
    from market_agents a
    join users u on u.id = a.user_id
    left join (
      select t.market_agent_id,
        count(*) as transmissions,
        sum(${crates}) filter (where t.type = 'farm_to_market') as delivered,
        sum(${crates}) filter (where t.type = 'market_to_farm') as returned
      from transmissions t
      where ${sentIn(scope)} ${forAgent(scope.agentId)}
      group by t.market_agent_id
    ) s on s.market_agent_id = a.id
    left join (
      select l.market_agent_id,
        sum(l.crates) filter (where l.cycle_id is not null) as billed_crates,
        sum(l.amount) as billed_amount,
        sum(l.crates) filter (where l.cycle_id is null) as unbilled_crates
      from billing_lines l
      where ${countedIn(scope)} ${scope.agentId === undefined ? sql`` : sql`and l.market_agent_id = ${scope.agentId}`}
      group by l.market_agent_id
    ) b on b.market_agent_id = a.id
    where (u.is_active or s.transmissions > 0)
      ${scope.agentId === undefined ? sql`` : sql`and a.id = ${scope.agentId}`}
    order by u.name, a.id`);
  return result.rows.map((r) => ({
    marketAgentId: Number(r.id),
    userId: Number(r.user_id),
    agentName: String(r.name),
    agentEmail: String(r.email),
    agentNumber: String(r.agent_number),
    businessName: r.business_name === null ? null : String(r.business_name),
    transmissions: Number(r.transmissions),
    cratesDelivered: Number(r.delivered),
    cratesReturned: Number(r.returned),
    billedCrates: Number(r.billed_crates),
    billedAmount: String(r.billed_amount),
    unbilledCrates: Number(r.unbilled_crates),
  }));
}

export type BillingTotals = {
  billedCrates: number;
  billedAmount: string;
  unbilledReturns: number;
  unbilledCrates: number;
  totalEarnings: string;
  totalPaid: string;
  totalOwed: string;
};

/**
 * Billing for a report's scope (one agent, or the whole farm): returns counted in the period, billed or
 * waiting for a cycle, and all-time billed, paid and owed (every agent's, removed ones included).
 */
export async function billingTotals(db: Executor, scope: Scope): Promise<BillingTotals> {
  const agentLines = scope.agentId === undefined ? sql`true` : sql`l.market_agent_id = ${scope.agentId}`;
  const agentPayments = scope.agentId === undefined ? sql`true` : sql`p.market_agent_id = ${scope.agentId}`;
  const result = await db.execute<Record<string, string | number>>(sql`
    select b.billed_crates, b.billed_amount::numeric(14, 2)::text as billed_amount, b.unbilled_returns,
      b.unbilled_crates, b.earnings::numeric(14, 2)::text as earnings, p.paid::numeric(14, 2)::text as paid,
      (b.earnings - p.paid)::numeric(14, 2)::text as owed
    from (
      select
        coalesce(sum(l.crates) filter (where ${countedIn(scope)} and l.cycle_id is not null), 0)::bigint
          as billed_crates,
        coalesce(sum(l.amount) filter (where ${countedIn(scope)}), 0) as billed_amount,
        count(*) filter (where ${countedIn(scope)} and l.cycle_id is null)::int as unbilled_returns,
        coalesce(sum(l.crates) filter (where ${countedIn(scope)} and l.cycle_id is null), 0)::bigint
          as unbilled_crates,
        coalesce(sum(l.amount), 0) as earnings
      from billing_lines l where ${agentLines}
    ) b,
    (select coalesce(sum(p.amount), 0) as paid from billing_payments p where ${agentPayments}) p`);
  const r = result.rows[0];
  return {
    billedCrates: Number(r.billed_crates),
    billedAmount: String(r.billed_amount),
    unbilledReturns: Number(r.unbilled_returns),
    unbilledCrates: Number(r.unbilled_crates),
    totalEarnings: String(r.earnings),
    totalPaid: String(r.paid),
    totalOwed: String(r.owed),
  };
}

/** Market agents registered since the first day of this month in the farm's time zone. */
export async function countNewAgentsThisMonth(db: Executor, timeZone: string): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    select count(*)::int as count
    from market_agents a join users u on u.id = a.user_id
    where u.role = 'market_agent'
      and a.created_at >= (date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone})`);
  return Number(result.rows[0].count);
}

export type Recipient = { marketAgentId: number; userId: number; name: string; email: string; agentNumber: string };

/** Active market agents who receive reports (one, when `agentId` is given). */
export async function agentRecipients(db: Executor, agentId?: number): Promise<Recipient[]> {
  const result = await db.execute<Record<string, string | number>>(sql`
    select a.id, a.user_id, u.name, u.email, a.agent_number
    from market_agents a join users u on u.id = a.user_id
    where u.is_active and u.role = 'market_agent'
      ${agentId === undefined ? sql`` : sql`and a.id = ${agentId}`}
    order by u.name, a.id`);
  return result.rows.map((r) => ({
    marketAgentId: Number(r.id),
    userId: Number(r.user_id),
    name: String(r.name),
    email: String(r.email),
    agentNumber: String(r.agent_number),
  }));
}

export async function findAgentName(db: Executor, agentId: number) {
  const result = await db.execute<{ id: number; name: string; agent_number: string }>(sql`
    select a.id, u.name, a.agent_number from market_agents a join users u on u.id = a.user_id where a.id = ${agentId}`);
  const r = result.rows[0];
  return r ? { id: Number(r.id), name: r.name, agentNumber: r.agent_number } : null;
}

export async function findAgentByUser(db: Executor, userId: number) {
  const result = await db.execute<{ id: number }>(sql`select a.id from market_agents a where a.user_id = ${userId}`);
  return result.rows[0] ? Number(result.rows[0].id) : null;
}

/** An agent's week of transmissions: received deliveries and returned empties, counted or not. */
export async function agentWeekTransmissions(db: Executor, scope: Scope & { agentId: number }) {
  const result = await db.execute<Record<string, string | number>>(sql`
    select count(*)::int as total,
      count(*) filter (where t.type = 'farm_to_market')::int as received,
      coalesce(sum(${crates}) filter (where t.type = 'farm_to_market'), 0)::bigint as crates_received,
      count(*) filter (where t.type = 'market_to_farm')::int as returned,
      coalesce(sum(${crates}) filter (where t.type = 'market_to_farm'), 0)::bigint as crates_returned,
      count(*) filter (where t.status = 'pending')::int as pending
    from transmissions t
    where ${sentIn(scope)} ${forAgent(scope.agentId)}`);
  const r = result.rows[0];
  return {
    total: Number(r.total),
    received: Number(r.received),
    cratesReceived: Number(r.crates_received),
    returned: Number(r.returned),
    cratesReturned: Number(r.crates_returned),
    pending: Number(r.pending),
  };
}

/** An agent's loans: opened in the period (count and crates) and open now. */
export async function agentLoans(db: Executor, scope: Scope & { agentId: number }) {
  const { period, timeZone, agentId } = scope;
  const result = await db.execute<Record<string, string | number>>(sql`
    select
      count(*) filter (where in_period)::int as lent,
      coalesce(sum(quantity_borrowed) filter (where in_period), 0)::bigint as crates_lent,
      count(*) filter (where is_open)::int as open_loans
    from (
      select quantity_borrowed, is_open,
        created_at >= (${period.startDate}::date::timestamp at time zone ${timeZone})
          and created_at < ((${period.endDate}::date + 1)::timestamp at time zone ${timeZone}) as in_period
      from client_transactions where market_agent_id = ${agentId}
    ) l`);
  const r = result.rows[0];
  return { lentThisWeek: Number(r.lent), cratesLentThisWeek: Number(r.crates_lent), openLoans: Number(r.open_loans) };
}

export async function agentClientIds(db: Executor, agentId: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`select id from clients where market_agent_id = ${agentId}`);
  return result.rows.map((r) => Number(r.id));
}
