// The ledger's read API (docs/decisions/012): every feature that shows crate counts asks here, by
// agent, client or supplier id or by kind of holder. Only this file and ledger.ts know how a holder
// is named, so a new holder or a new way to keep balances changes nothing elsewhere.
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countsOf, sqlList } from '../../db/rows.ts';
import { agentFiguresQuery, holders } from './ledger.ts';

export { holderKindOf } from './holders.ts';

export type AgentBalance = { fullCrates: number; emptyCrates: number };

/** Full and empty crates of each agent asked for (agents without crates get zeros). */
export async function agentBalances(db: Executor, marketAgentIds: number[]): Promise<Map<number, AgentBalance>> {
  const out = new Map<number, AgentBalance>(marketAgentIds.map((id) => [id, { fullCrates: 0, emptyCrates: 0 }]));
  if (marketAgentIds.length === 0) return out;
  // crate_balances.market_agent_id is generated from the holder's name (schema/crates.ts).
  const result = await db.execute<{ market_agent_id: number; holder: string; balance: number }>(sql`
    select market_agent_id, holder, balance from crate_balances
    where market_agent_id in (${sqlList(marketAgentIds)})`);
  for (const row of result.rows) {
    const id = Number(row.market_agent_id);
    const entry = out.get(id);
    if (!entry) continue;
    if (row.holder === holders.agentFull(id)) entry.fullCrates = Number(row.balance);
    else if (row.holder === holders.agentEmpty(id)) entry.emptyCrates = Number(row.balance);
  }
  return out;
}

export async function agentBalance(db: Executor, marketAgentId: number): Promise<AgentBalance> {
  return (await agentBalances(db, [marketAgentId])).get(marketAgentId)!;
}

/** Crates each client has outstanding (clients without a loan get 0). */
export async function clientBalances(db: Executor, clientIds: number[]): Promise<Map<number, number>> {
  return namedBalances(db, clientIds, holders.client);
}

/** Up to this many agents, cratesWithClientsByAgent looks each client's balance up by its index. */
const FEW_AGENTS = 10;

/**
 * Crates each agent's clients hold together (agents without clients get 0): the Market Agents
 * screen's "With Clients" and an agent's cratesWithClients, in one query.
 */
export async function cratesWithClientsByAgent(db: Executor, marketAgentIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>(marketAgentIds.map((id) => [id, 0]));
  if (marketAgentIds.length === 0) return out;
  // crate_balances.client_id is generated from the holder's name (schema/crates.ts). For a few agents
  // (an agent's own screens) each client's balance is looked up by that index, so the cost follows
  // their clients: joined, PostgreSQL would rather read every holder of the farm. For many (the farm's
  // list of agents) one pass over the holders is cheaper than a lookup per client.
  const crates =
    marketAgentIds.length <= FEW_AGENTS
      ? sql`coalesce(sum((select b.balance from crate_balances b where b.client_id = c.id)), 0)`
      : sql`coalesce(sum(b.balance), 0)`;
  const join = marketAgentIds.length <= FEW_AGENTS ? sql`` : sql`join crate_balances b on b.client_id = c.id`;
  const result = await db.execute<{ market_agent_id: number; crates: string | number }>(sql`
    select c.market_agent_id, ${crates}::bigint as crates
    from clients c ${join}
    where c.market_agent_id in (${sqlList(marketAgentIds)})
    group by c.market_agent_id`);
  for (const row of result.rows) out.set(Number(row.market_agent_id), Number(row.crates));
  return out;
}

export type ClientMovement = {
  id: number;
  occurredAt: Date;
  kind: 'lend' | 'return';
  clientTransactionId: number;
  quantity: number;
  balance: number;
  notes: string | null;
};

/**
 * Every lend to and return from one client, oldest first, with the crates the client held after
 * each (a running sum over the ledger: the client statement).
 */
export async function clientMovements(db: Executor, clientId: number): Promise<ClientMovement[]> {
  const holder = holders.client(clientId);
  const result = await db.execute<{
    id: number | string;
    occurred_at: string | Date;
    to_holder: string;
    client_transaction_id: number;
    quantity: number;
    balance: number | string;
    reason: string | null;
  }>(sql`
    select m.id, m.occurred_at, m.to_holder, m.client_transaction_id, m.quantity, m.reason,
      sum(case when m.to_holder = ${holder} then m.quantity else -m.quantity end)
        over (order by m.occurred_at, m.id rows between unbounded preceding and current row) as balance
    from crate_movements m
    where (m.to_holder = ${holder} or m.from_holder = ${holder}) and m.client_transaction_id is not null
    order by m.occurred_at, m.id`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    occurredAt: new Date(r.occurred_at),
    kind: r.to_holder === holder ? 'lend' : 'return',
    clientTransactionId: Number(r.client_transaction_id),
    quantity: Number(r.quantity),
    balance: Number(r.balance),
    notes: r.reason,
  }));
}

/** Crates issued to each supplier and not yet back (suppliers without crates get 0). */
export async function supplierBalances(db: Executor, supplierIds: number[]): Promise<Map<number, number>> {
  return namedBalances(db, supplierIds, holders.supplier);
}

export async function supplierBalance(db: Executor, supplierId: number): Promise<number> {
  return (await supplierBalances(db, [supplierId])).get(supplierId)!;
}

async function namedBalances(db: Executor, ids: number[], name: (id: number) => string) {
  const out = new Map<number, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return out;
  const byName = new Map(ids.map((id) => [name(id), id]));
  const result = await db.execute<{ holder: string; balance: number }>(sql`
    select holder, balance from crate_balances
    where holder in (${sqlList([...byName.keys()])})`);
  for (const row of result.rows) out.set(byName.get(row.holder)!, Number(row.balance));
  return out;
}

/**
 * The kinds of holder the farm's figures count crates by, each a sum in totalsByKind; writtenOff is the
 * write-off account, net (counted shortfalls minus crates found).
 */
export type HolderKind =
  | 'farm'
  | 'inTransit'
  | 'atMarketsFull'
  | 'atMarketsEmpty'
  | 'withClients'
  | 'withSuppliers'
  | 'writtenOff';
export type HolderTotals = Record<HolderKind, number>;

/** Crates per kind of holder, farm-wide. */
export async function totalsByKind(db: Executor): Promise<HolderTotals> {
  const result = await db.execute<Record<HolderKind, string | number>>(sql`
    select
      coalesce(sum(balance) filter (where holder = ${holders.farm}), 0)::bigint as farm,
      coalesce(sum(balance) filter (where holder = ${holders.transit}), 0)::bigint as "inTransit",
      coalesce(sum(balance) filter (where market_agent_id is not null and holder like '%:full'), 0)::bigint
        as "atMarketsFull",
      coalesce(sum(balance) filter (where market_agent_id is not null and holder like '%:empty'), 0)::bigint
        as "atMarketsEmpty",
      coalesce(sum(balance) filter (where holder like 'client:%'), 0)::bigint as "withClients",
      coalesce(sum(balance) filter (where supplier_id is not null), 0)::bigint as "withSuppliers",
      coalesce(sum(balance) filter (where holder = ${holders.writeoff}), 0)::bigint as "writtenOff"
    from crate_balances`);
  return countsOf(result.rows[0]);
}

/**
 * Crates the farm store wrote off as damaged: every stock adjustment out of the pool (to 'external').
 * The stock history lists these; counted differences sit on the write-off holder instead.
 */
export async function damagedWrittenOff(db: Executor): Promise<number> {
  const result = await db.execute<{ total: string | number }>(sql`
    select coalesce(sum(quantity), 0)::bigint as total
    from crate_movements
    where kind = 'stock_adjustment' and to_holder = ${holders.external}`);
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * Crates marked damaged on a client's return or the farm's count of returned empties (decision 051):
 * they sit on the write-off account beside the missing ones, and the figures show them apart.
 */
export async function damagedOnReturns(db: Executor): Promise<number> {
  const result = await db.execute<{ total: string | number }>(sql`
    select coalesce(sum(quantity), 0)::bigint as total from crate_movements where kind = 'damage'`);
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * Crates dispatched from the farm to markets and counted back in at the farm, per week (Monday to
 * Sunday in the farm's time zone), for the `weeks` weeks up to and including this one: sums of the
 * 15-minute slots ledger.ts keeps in farm_flow_totals (at most 672 a week, however busy the week),
 * never a scan of the week's movements. A recalled delivery came back unsent: it is taken off the
 * week it was recalled in.
 */
export async function weeklyFarmFlow(db: Executor, timeZone: string, weeks: number) {
  const result = await db.execute<{ week_start: string; sent: string | number; returned: string | number }>(sql`
    with this_week as (select date_trunc('week', now() at time zone ${timeZone})::date as d),
    weeks as (
      select (t.d - (${weeks - 1} - g.i) * 7) as week_start
      from this_week t, generate_series(0, ${weeks - 1}) as g(i)
    )
    select to_char(w.week_start, 'YYYY-MM-DD') as week_start,
      coalesce(sum(f.sent), 0)::bigint as sent,
      coalesce(sum(f.returned), 0)::bigint as returned
    from weeks w
    left join farm_flow_totals f
      on f.slot_start >= (w.week_start::timestamp at time zone ${timeZone})
     and f.slot_start < ((w.week_start + 7)::timestamp at time zone ${timeZone})
    group by w.week_start
    order by w.week_start`);
  return result.rows.map((r) => ({ weekStart: r.week_start, sent: Number(r.sent), returned: Number(r.returned) }));
}

/**
 * One agent's losses (decision 051): crates it received from the farm (deliveries counted in) and
 * crates written off on its account: accepted stock-take differences of its own and its clients'
 * holders (less crates found) and damaged crates (its clients' returns and its returned empties).
 * Read for one agent at a time (its history panel), through the movement indexes by holder.
 */
export async function agentLosses(db: Executor, marketAgentId: number) {
  const full = holders.agentFull(marketAgentId);
  const empty = holders.agentEmpty(marketAgentId);
  const result = await db.execute<{
    handled: string | number;
    lost: string | number;
    damaged_returns: string | number;
  }>(sql`
    with own as (
      select ${full}::text as holder union all select ${empty}::text
      union all select b.holder from crate_balances b join clients c on c.id = b.client_id
        where c.market_agent_id = ${marketAgentId}
    )
    select
      (select coalesce(sum(m.quantity), 0) from crate_movements m
        where m.to_holder = ${full} and m.kind = 'receipt')::bigint as handled,
      (select coalesce(sum(case when m.to_holder = ${holders.writeoff} then m.quantity else -m.quantity end), 0)
        from own o join crate_movements m
          on (m.from_holder = o.holder and m.to_holder = ${holders.writeoff})
          or (m.to_holder = o.holder and m.from_holder = ${holders.writeoff} and m.kind = 'stock_take')
        where m.kind in ('stock_take', 'damage'))::bigint as lost,
      (select coalesce(sum(m.quantity), 0) from crate_movements m
        join transmissions t on t.id = m.transmission_id
        where m.kind = 'damage' and t.market_agent_id = ${marketAgentId})::bigint as damaged_returns`);
  const row = result.rows[0];
  const handled = Number(row?.handled ?? 0);
  const writtenOff = Number(row?.lost ?? 0) + Number(row?.damaged_returns ?? 0);
  return { cratesHandled: handled, cratesWrittenOff: writtenOff, lossRate: handled > 0 ? writtenOff / handled : 0 };
}

/**
 * Each agent's write-offs booked from `from` up to (not including) `to` (decision 056), as a subquery
 * with the columns (agent, damaged, missing): crates marked damaged on its clients' returns and on its
 * returned empties, and crates missing at its stock takes (its own and its clients' holders written
 * off, less crates found). Read through crate_movements_write_offs_idx, the only movements of these kinds.
 */
export function writeOffsByAgentQuery(window: { from: SQL; to: SQL }, marketAgentIds?: number[]): SQL {
  const agent = sql`coalesce(t.market_agent_id, ct.market_agent_id, b.market_agent_id)`;
  const only = marketAgentIds === undefined ? sql`` : sql`and ${agent} in (${sqlList(marketAgentIds)})`;
  return sql`
    select ${agent} as agent,
      coalesce(sum(m.quantity) filter (where m.kind = 'damage'), 0)::bigint as damaged,
      coalesce(sum(case when m.to_holder = ${holders.writeoff} then m.quantity else -m.quantity end)
        filter (where m.kind = 'stock_take'), 0)::bigint as missing
    from crate_movements m
    left join transmissions t on m.kind = 'damage' and t.id = m.transmission_id
    left join client_transactions ct on ct.id = m.client_transaction_id
    left join crate_balances b on m.kind = 'stock_take' and m.client_transaction_id is null
      and b.holder = case when m.to_holder = ${holders.writeoff} then m.from_holder else m.to_holder end
    where m.kind in ('damage', 'stock_take') and m.occurred_at >= ${window.from} and m.occurred_at < ${window.to}
      ${only}
    group by 1`;
}

export type MonthFigures = {
  opening: number;
  received: number;
  sentBack: number;
  countDifferences: number;
  missing: number;
  damaged: number;
  adjustments: number;
  atClients: number;
  closing: number;
};

const NO_FIGURES: MonthFigures = {
  opening: 0,
  received: 0,
  sentBack: 0,
  countDifferences: 0,
  missing: 0,
  damaged: 0,
  adjustments: 0,
  atClients: 0,
  closing: 0,
};

/**
 * Each agent's figures for the period [from, to) (a monthly statement, decision 064), in one grouped
 * query over the ledger (ledger.ts's agentFiguresQuery). Agents with no movements get zeros.
 */
export async function agentMonthFigures(
  db: Executor,
  window: { from: Date; to: Date },
  marketAgentIds: number[],
): Promise<Map<number, MonthFigures>> {
  const out = new Map<number, MonthFigures>(marketAgentIds.map((id) => [id, { ...NO_FIGURES }]));
  if (marketAgentIds.length === 0) return out;
  const bounds = {
    from: sql`${window.from.toISOString()}::timestamptz`,
    to: sql`${window.to.toISOString()}::timestamptz`,
  };
  const result = await db.execute<Record<string, string | number>>(agentFiguresQuery(bounds, sqlList(marketAgentIds)));
  for (const r of result.rows) out.set(Number(r.agent), monthFiguresOf(r));
  return out;
}

/** A month's nine figures from a row with their snake_case columns (the ledger's query, a statement). */
export function monthFiguresOf(r: Record<string, unknown>): MonthFigures {
  return {
    opening: Number(r.opening),
    received: Number(r.received),
    sentBack: Number(r.sent_back),
    countDifferences: Number(r.count_differences),
    missing: Number(r.missing),
    damaged: Number(r.damaged),
    adjustments: Number(r.adjustments),
    atClients: Number(r.at_clients),
    closing: Number(r.closing),
  };
}
