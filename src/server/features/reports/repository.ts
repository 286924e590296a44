// Report queries: every figure is one SQL aggregate over a period (calendar days in the farm's time
// zone), never a loop over rows in JavaScript. A recalled transmission never happened as far as a
// report is concerned. Crate balances come from the ledger's read API, not from here. Billing figures
// are sums of billing lines (one per counted return, dated by the farm day it was counted on) and
// recorded payments, in SQL numeric, leaving as text; dates leave as text, exactly as stored.
// The farm-wide figures are one row; an agent's are one row per agent of a list (grouped by agent), so
// reports for every agent take as many queries as a report for one.
import { type SQL, sql } from 'drizzle-orm';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { Executor } from '../../db/client.ts';
import { countsOf, sqlList } from '../../db/rows.ts';
import { writeOffsByAgentQuery } from '../crates/balances.ts';
import type { Period } from './period.ts';

type Scope = { period: Period; timeZone: string };

/** The period as a window of instants: its first day's midnight to the midnight after its last. */
const windowOf = ({ period, timeZone }: Scope) => ({
  from: sql`(${period.startDate}::date::timestamp at time zone ${timeZone})`,
  to: sql`((${period.endDate}::date + 1)::timestamp at time zone ${timeZone})`,
});
/** `column` (an instant) within the period's window. */
const within = (column: SQL, scope: Scope): SQL => {
  const { from, to } = windowOf(scope);
  return sql`${column} >= ${from} and ${column} < ${to}`;
};
/** Transmissions sent within the period, recalled ones left out. */
const sentIn = (scope: Scope): SQL => sql`${within(sql`t.sent_at`, scope)} and t.status <> 'recalled'`;
/** `column in (ids)`: the agents a grouped query is for. */
const among = (column: SQL, ids: number[]): SQL => sql`${column} in (${sqlList(ids)})`;
/** Crates a transmission moved: the counted quantity once counted, else the quantity sent. */
const crates = sql`coalesce(t.actual_quantity, t.quantity)`;

/** Rows keyed by their agent, each agent asked for present (`empty` where it has no row). */
function byAgent<Row>(ids: number[], rows: { agent: unknown; row: Row }[], empty: () => Row): Map<number, Row> {
  const out = new Map<number, Row>(ids.map((id) => [id, empty()]));
  for (const { agent, row } of rows) out.set(Number(agent), row);
  return out;
}

/** The period's transmission figures, named as totalsColumns names them. */
const totalsKeys = ['total', 'crates', 'acknowledged', 'farmToMarket', 'marketToFarm', 'activeAgents'] as const;
export type RawTotals = Record<(typeof totalsKeys)[number], number>;

const totalsColumns = sql`count(*)::int as total,
      coalesce(sum(${crates}), 0)::bigint as crates,
      count(*) filter (where t.status = 'acknowledged')::int as acknowledged,
      count(*) filter (where t.type = 'farm_to_market')::int as "farmToMarket",
      count(*) filter (where t.type = 'market_to_farm')::int as "marketToFarm",
      count(distinct t.market_agent_id)::int as "activeAgents"`;

export const noTotals = (): RawTotals => Object.fromEntries(totalsKeys.map((key) => [key, 0])) as RawTotals;

export async function periodTotals(db: Executor, scope: Scope): Promise<RawTotals> {
  const result = await db.execute<Record<keyof RawTotals, string | number>>(sql`
    select ${totalsColumns} from transmissions t where ${sentIn(scope)}`);
  return countsOf(result.rows[0]);
}

/** periodTotals of each agent's own transmissions. */
export async function periodTotalsByAgent(db: Executor, scope: Scope, agentIds: number[]) {
  const result = await db.execute<Record<keyof RawTotals | 'agent', string | number>>(sql`
    select t.market_agent_id as agent, ${totalsColumns}
    from transmissions t
    where ${sentIn(scope)} and ${among(sql`t.market_agent_id`, agentIds)}
    group by t.market_agent_id`);
  return byAgent(
    agentIds,
    result.rows.map(({ agent, ...row }) => ({ agent, row: countsOf(row) })),
    noTotals,
  );
}

export type ChartBucket = { bucket: number; delivered: number; returned: number };

const bucketColumns = (scope: Scope, bucketDays: number) => sql`
  (((t.sent_at at time zone ${scope.timeZone})::date - ${scope.period.startDate}::date) / ${bucketDays})::int as bucket,
  coalesce(sum(${crates}) filter (where t.type = 'farm_to_market'), 0)::bigint as delivered,
  coalesce(sum(${crates}) filter (where t.type = 'market_to_farm'), 0)::bigint as returned`;

/** Crates delivered to markets and returned to the farm per bar of `bucketDays` days (only bars with any). */
export async function chartBuckets(db: Executor, scope: Scope, bucketDays: number): Promise<ChartBucket[]> {
  const result = await db.execute<Record<keyof ChartBucket, string | number>>(sql`
    select ${bucketColumns(scope, bucketDays)}
    from transmissions t
    where ${sentIn(scope)}
    group by 1`);
  return result.rows.map((r) => countsOf(r));
}

/** chartBuckets of each agent's own transmissions. */
export async function chartBucketsByAgent(db: Executor, scope: Scope, bucketDays: number, agentIds: number[]) {
  const result = await db.execute<Record<keyof ChartBucket | 'agent', string | number>>(sql`
    select t.market_agent_id as agent, ${bucketColumns(scope, bucketDays)}
    from transmissions t
    where ${sentIn(scope)} and ${among(sql`t.market_agent_id`, agentIds)}
    group by t.market_agent_id, 2`);
  const out = new Map<number, ChartBucket[]>(agentIds.map((id) => [id, []]));
  for (const { agent, ...row } of result.rows) out.get(Number(agent))?.push(countsOf(row));
  return out;
}

export type AgentActivityRow = {
  marketAgentId: number;
  userId: number;
  agentName: string;
  agentEmail: string;
  agentNumber: string;
  businessName: string | null;
  /** False for an agent the farm store removed (listed while it has transmissions in the period). */
  isActive: boolean;
  transmissions: number;
  cratesDelivered: number;
  cratesReturned: number;
  billedCrates: number;
  billedAmount: string;
  unbilledCrates: number;
  /** Crates marked damaged in the period on its clients' returns and its returned empties (decision 056). */
  cratesDamaged: number;
  /** Crates written off at its stock takes in the period, less crates found (decision 056). */
  cratesMissing: number;
};

/** Billing lines of returns counted (acknowledged) on a farm day within the period. */
const countedIn = ({ period }: Scope): SQL =>
  sql`l.acknowledged_on between ${period.startDate}::date and ${period.endDate}::date`;

/**
 * Each agent's activity in the period: every active agent (or those asked for), and any removed
 * agent that still moved crates in it or had crates written off in it.
 */
export async function agentActivity(db: Executor, scope: Scope, agentIds?: number[]): Promise<AgentActivityRow[]> {
  const only = (column: SQL) => (agentIds === undefined ? sql`` : sql`and ${among(column, agentIds)}`);
  const result = await db.execute<Record<string, string | number | boolean | null>>(sql`
    select a.id, a.user_id, u.name, u.email, u.is_active, a.agent_number, a.business_name,
      coalesce(s.transmissions, 0)::int as transmissions,
      coalesce(s.delivered, 0)::bigint as delivered,
      coalesce(s.returned, 0)::bigint as returned,
      coalesce(b.billed_crates, 0)::bigint as billed_crates,
      coalesce(b.billed_amount, 0)::numeric(14, 2)::text as billed_amount,
      coalesce(b.unbilled_crates, 0)::bigint as unbilled_crates,
      coalesce(w.damaged, 0)::bigint as damaged,
      coalesce(w.missing, 0)::bigint as missing
    from market_agents a
    join users u on u.id = a.user_id
    left join (
      select t.market_agent_id,
        count(*) as transmissions,
        sum(${crates}) filter (where t.type = 'farm_to_market') as delivered,
        sum(${crates}) filter (where t.type = 'market_to_farm') as returned
      from transmissions t
      where ${sentIn(scope)} ${only(sql`t.market_agent_id`)}
      group by t.market_agent_id
    ) s on s.market_agent_id = a.id
    left join (
      select l.market_agent_id,
        sum(l.crates) filter (where l.cycle_id is not null) as billed_crates,
        sum(l.amount) as billed_amount,
        sum(l.crates) filter (where l.cycle_id is null) as unbilled_crates
      from billing_lines l
      where ${countedIn(scope)} ${only(sql`l.market_agent_id`)}
      group by l.market_agent_id
    ) b on b.market_agent_id = a.id
    left join (${writeOffsByAgentQuery(windowOf(scope), agentIds)}) w on w.agent = a.id
    where (u.is_active or s.transmissions > 0 or w.agent is not null) ${only(sql`a.id`)}
    order by u.name, a.id`);
  return result.rows.map((r) => ({
    marketAgentId: Number(r.id),
    userId: Number(r.user_id),
    agentName: String(r.name),
    agentEmail: String(r.email),
    agentNumber: String(r.agent_number),
    businessName: r.business_name === null ? null : String(r.business_name),
    isActive: r.is_active === true,
    transmissions: Number(r.transmissions),
    cratesDelivered: Number(r.delivered),
    cratesReturned: Number(r.returned),
    billedCrates: Number(r.billed_crates),
    billedAmount: String(r.billed_amount),
    unbilledCrates: Number(r.unbilled_crates),
    cratesDamaged: Number(r.damaged),
    cratesMissing: Number(r.missing),
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

/** Sums of billing lines `l` (those counted in the period): billed, and waiting for a cycle. */
const countedSums = sql`
  coalesce(sum(l.crates) filter (where l.cycle_id is not null), 0)::bigint as billed_crates,
  coalesce(sum(l.amount), 0) as billed_amount,
  count(*) filter (where l.cycle_id is null)::int as unbilled_returns,
  coalesce(sum(l.crates) filter (where l.cycle_id is null), 0)::bigint as unbilled_crates`;

/** billingTotals' row from the period's sums (`b`), all-time earnings (`e`) and payments (`p`). */
const billingColumns = sql`coalesce(b.billed_crates, 0) as billed_crates,
  coalesce(b.billed_amount, 0)::numeric(14, 2)::text as billed_amount,
  coalesce(b.unbilled_returns, 0) as unbilled_returns, coalesce(b.unbilled_crates, 0) as unbilled_crates,
  coalesce(e.earnings, 0)::numeric(14, 2)::text as earnings, coalesce(p.paid, 0)::numeric(14, 2)::text as paid,
  (coalesce(e.earnings, 0) - coalesce(p.paid, 0))::numeric(14, 2)::text as owed`;

const toBillingTotals = (r: Record<string, unknown>): BillingTotals => ({
  billedCrates: Number(r.billed_crates),
  billedAmount: String(r.billed_amount),
  unbilledReturns: Number(r.unbilled_returns),
  unbilledCrates: Number(r.unbilled_crates),
  totalEarnings: String(r.earnings),
  totalPaid: String(r.paid),
  totalOwed: String(r.owed),
});

/**
 * The whole farm's billing: returns counted in the period, billed or waiting for a cycle (the lines
 * of the period's days), and all-time billed, paid and owed (every agent's, removed ones included:
 * every billed line, which a report, unlike a screen, may read).
 */
export async function billingTotals(db: Executor, scope: Scope): Promise<BillingTotals> {
  const result = await db.execute<Record<string, string | number>>(sql`
    select ${billingColumns}
    from (select ${countedSums} from billing_lines l where ${countedIn(scope)}) b,
      (select sum(l.amount) as earnings from billing_lines l) e,
      (select sum(p.amount) as paid from billing_payments p) p`);
  return toBillingTotals(result.rows[0]);
}

/** billingTotals of each agent asked for: its own lines and payments only. */
export async function billingTotalsByAgent(
  db: Executor,
  scope: Scope,
  agentIds: number[],
): Promise<Map<number, BillingTotals>> {
  // Every agent asked for gets a row, its zeros formatted by the same casts as a sum.
  const result = await db.execute<Record<string, string | number>>(sql`
    select a.id as agent, ${billingColumns}
    from market_agents a
    left join (
      select l.market_agent_id, ${countedSums} from billing_lines l
      where ${countedIn(scope)} and ${among(sql`l.market_agent_id`, agentIds)}
      group by l.market_agent_id
    ) b on b.market_agent_id = a.id
    left join (
      select l.market_agent_id, sum(l.amount) as earnings from billing_lines l
      where ${among(sql`l.market_agent_id`, agentIds)}
      group by l.market_agent_id
    ) e on e.market_agent_id = a.id
    left join (
      select p.market_agent_id, sum(p.amount) as paid from billing_payments p
      where ${among(sql`p.market_agent_id`, agentIds)}
      group by p.market_agent_id
    ) p on p.market_agent_id = a.id
    where ${among(sql`a.id`, agentIds)}`);
  return new Map(result.rows.map((r) => [Number(r.agent), toBillingTotals(r)]));
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

export type Recipient = {
  marketAgentId: number;
  userId: number;
  name: string;
  email: string;
  agentNumber: string;
  /** The language the agent reads (users.language, decision 065): its e-mails and PDFs are in it. */
  language: Language;
};

/** Active market agents who receive reports (one, when `agentId` is given; those picked, for a list). */
export async function agentRecipients(db: Executor, agentId?: number | number[]): Promise<Recipient[]> {
  const only =
    agentId === undefined ? sql`` : sql`and ${among(sql`a.id`, Array.isArray(agentId) ? agentId : [agentId])}`;
  const result = await db.execute<Recipient>(sql`
    select a.id as "marketAgentId", a.user_id as "userId", u.name, u.email, a.agent_number as "agentNumber", u.language
    from market_agents a join users u on u.id = a.user_id
    where u.is_active and u.role = 'market_agent' ${only}
    order by u.name, a.id`);
  // Ids are integer columns, but a driver may still hand them over as text.
  return result.rows.map((r) => ({ ...r, marketAgentId: Number(r.marketAgentId), userId: Number(r.userId) }));
}

export async function findAgentName(db: Executor, agentId: number) {
  const result = await db.execute<{ id: number; name: string; agent_number: string }>(sql`
    select a.id, u.name, a.agent_number from market_agents a join users u on u.id = a.user_id where a.id = ${agentId}`);
  const r = result.rows[0];
  return r ? { id: Number(r.id), name: r.name, agentNumber: r.agent_number } : null;
}

type WeekTransmissions = Record<
  'total' | 'received' | 'cratesReceived' | 'returned' | 'cratesReturned' | 'pending',
  number
>;

/** Each agent's week of transmissions: received deliveries and returned empties, counted or not. */
export async function agentWeekTransmissions(db: Executor, scope: Scope, agentIds: number[]) {
  const result = await db.execute<Record<keyof WeekTransmissions | 'agent', string | number>>(sql`
    select t.market_agent_id as agent, count(*)::int as total,
      count(*) filter (where t.type = 'farm_to_market')::int as received,
      coalesce(sum(${crates}) filter (where t.type = 'farm_to_market'), 0)::bigint as "cratesReceived",
      count(*) filter (where t.type = 'market_to_farm')::int as returned,
      coalesce(sum(${crates}) filter (where t.type = 'market_to_farm'), 0)::bigint as "cratesReturned",
      count(*) filter (where t.status = 'pending')::int as pending
    from transmissions t
    where ${sentIn(scope)} and ${among(sql`t.market_agent_id`, agentIds)}
    group by t.market_agent_id`);
  const none = (): WeekTransmissions => ({
    total: 0,
    received: 0,
    cratesReceived: 0,
    returned: 0,
    cratesReturned: 0,
    pending: 0,
  });
  return byAgent(
    agentIds,
    result.rows.map(({ agent, ...row }) => ({ agent, row: countsOf(row) })),
    none,
  );
}

export type WriteOffs = { damaged: number; missing: number };

/** Each agent's crates marked damaged and found missing in the period (decision 056). */
export async function agentWriteOffs(db: Executor, scope: Scope, agentIds: number[]) {
  const result = await db.execute<Record<keyof WriteOffs | 'agent', string | number>>(
    writeOffsByAgentQuery(windowOf(scope), agentIds),
  );
  return byAgent(
    agentIds,
    result.rows.map(({ agent, ...row }) => ({ agent, row: countsOf(row) })),
    (): WriteOffs => ({ damaged: 0, missing: 0 }),
  );
}

type Loans = Record<'lentThisWeek' | 'cratesLentThisWeek' | 'openLoans', number>;

/** Each agent's loans: opened in the period (count and crates) and open now. */
export async function agentLoans(db: Executor, scope: Scope, agentIds: number[]) {
  const result = await db.execute<Record<keyof Loans | 'agent', string | number>>(sql`
    select a.id as agent, coalesce(l.lent, 0)::int as "lentThisWeek",
      coalesce(l.crates, 0)::bigint as "cratesLentThisWeek", coalesce(o.open, 0)::int as "openLoans"
    from market_agents a
    left join (
      select market_agent_id, count(*) as lent, sum(quantity_borrowed) as crates from client_transactions
      where ${among(sql`market_agent_id`, agentIds)}
        and ${within(sql`created_at`, scope)}
      group by market_agent_id
    ) l on l.market_agent_id = a.id
    left join (
      select market_agent_id, count(*) as open from client_transactions
      where ${among(sql`market_agent_id`, agentIds)} and is_open
      group by market_agent_id
    ) o on o.market_agent_id = a.id
    where ${among(sql`a.id`, agentIds)}`);
  const none = (): Loans => ({ lentThisWeek: 0, cratesLentThisWeek: 0, openLoans: 0 });
  return byAgent(
    agentIds,
    result.rows.map(({ agent, ...row }) => ({ agent, row: countsOf(row) })),
    none,
  );
}

/** The agents who already had the weekly summary of the farm week starting `weekStart`, and when. */
export async function weeklySummariesSent(db: Executor, weekStart: string): Promise<Map<number, Date>> {
  const result = await db.execute<{ agent: number; sent_at: string | Date }>(sql`
    select market_agent_id as agent, sent_at from weekly_summary_sends where week_start = ${weekStart}`);
  return new Map(result.rows.map((r) => [Number(r.agent), new Date(r.sent_at)]));
}

/**
 * Claims this week's summary for each agent, in the caller's transaction: answers the agents claimed
 * now. An agent already claimed (even by a transaction still open) is left out: its insert waits for
 * that one to commit, then does nothing. Sorted ids, so two claims never wait on each other in a cycle.
 */
export async function claimWeeklySummaries(db: Executor, weekStart: string, agentIds: number[]): Promise<Set<number>> {
  if (agentIds.length === 0) return new Set();
  const rows = [...agentIds].sort((a, b) => a - b).map((id) => sql`(${id}, ${weekStart}::date)`);
  const result = await db.execute<{ agent: number }>(sql`
    insert into weekly_summary_sends (market_agent_id, week_start) values ${sql.join(rows, sql`, `)}
    on conflict (market_agent_id, week_start) do nothing
    returning market_agent_id as agent`);
  return new Set(result.rows.map((r) => Number(r.agent)));
}
