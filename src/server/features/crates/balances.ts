// The ledger's read API (docs/decisions/012): every feature that shows crate counts asks here, by
// agent, client or supplier id or by kind of holder. Only this file and ledger.ts know how a holder
// is named, so a new holder or a new way to keep balances changes nothing elsewhere.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { holders } from './ledger.ts';

export type AgentBalance = { fullCrates: number; emptyCrates: number };

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Full and empty crates of each agent asked for (agents without crates get zeros). */
export async function agentBalances(db: Executor, marketAgentIds: number[]): Promise<Map<number, AgentBalance>> {
  const out = new Map<number, AgentBalance>(marketAgentIds.map((id) => [id, { fullCrates: 0, emptyCrates: 0 }]));
  if (marketAgentIds.length === 0) return out;
  // crate_balances.market_agent_id is generated from the holder's name (schema/crates.ts).
  const result = await db.execute<{ market_agent_id: number; holder: string; balance: number }>(sql`
    select market_agent_id, holder, balance from crate_balances
    where market_agent_id in (${idList(marketAgentIds)})`);
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

/**
 * Crates each agent's clients hold together (agents without clients get 0): the Market Agents
 * screen's "With Clients" and an agent's cratesWithClients, in one query.
 */
export async function cratesWithClientsByAgent(db: Executor, marketAgentIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>(marketAgentIds.map((id) => [id, 0]));
  if (marketAgentIds.length === 0) return out;
  // crate_balances.client_id is generated from the holder's name (schema/crates.ts).
  const result = await db.execute<{ market_agent_id: number; crates: string | number }>(sql`
    select c.market_agent_id, sum(b.balance)::bigint as crates
    from crate_balances b join clients c on c.id = b.client_id
    where c.market_agent_id in (${idList(marketAgentIds)})
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
    where holder in (${sql.join(
      [...byName.keys()].map((n) => sql`${n}`),
      sql`, `,
    )})`);
  for (const row of result.rows) out.set(byName.get(row.holder)!, Number(row.balance));
  return out;
}

export type HolderTotals = {
  farm: number;
  inTransit: number;
  atMarketsFull: number;
  atMarketsEmpty: number;
  withClients: number;
  withSuppliers: number;
  /** Net crates on the write-off account (counted shortfalls minus crates found). */
  writtenOff: number;
};

/** Crates per kind of holder, farm-wide. */
export async function totalsByKind(db: Executor): Promise<HolderTotals> {
  const result = await db.execute<Record<string, string | number>>(sql`
    select
      coalesce(sum(balance) filter (where holder = ${holders.farm}), 0)::bigint as farm,
      coalesce(sum(balance) filter (where holder = ${holders.transit}), 0)::bigint as in_transit,
      coalesce(sum(balance) filter (where market_agent_id is not null and holder like '%:full'), 0)::bigint
        as full_crates,
      coalesce(sum(balance) filter (where market_agent_id is not null and holder like '%:empty'), 0)::bigint
        as empty_crates,
      coalesce(sum(balance) filter (where holder like 'client:%'), 0)::bigint as with_clients,
      coalesce(sum(balance) filter (where supplier_id is not null), 0)::bigint as with_suppliers,
      coalesce(sum(balance) filter (where holder = ${holders.writeoff}), 0)::bigint as written_off
    from crate_balances`);
  const r = result.rows[0];
  return {
    farm: Number(r.farm),
    inTransit: Number(r.in_transit),
    atMarketsFull: Number(r.full_crates),
    atMarketsEmpty: Number(r.empty_crates),
    withClients: Number(r.with_clients),
    withSuppliers: Number(r.with_suppliers),
    writtenOff: Number(r.written_off),
  };
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
 * Crates dispatched from the farm to markets and counted back in at the farm, per week (Monday to
 * Sunday in the farm's time zone), for the `weeks` weeks up to and including this one.
 */
export async function weeklyFarmFlow(db: Executor, timeZone: string, weeks: number) {
  const result = await db.execute<{ week_start: string; sent: string | number; returned: string | number }>(sql`
    with this_week as (select date_trunc('week', now() at time zone ${timeZone})::date as d),
    weeks as (
      select (t.d - (${weeks - 1} - g.i) * 7) as week_start
      from this_week t, generate_series(0, ${weeks - 1}) as g(i)
    )
    select to_char(w.week_start, 'YYYY-MM-DD') as week_start,
      -- A recalled delivery came back unsent: it is taken off the week it was recalled in.
      (coalesce(sum(m.quantity) filter (where m.kind = 'dispatch'), 0)
        - coalesce(sum(m.quantity) filter (where m.kind = 'recall'), 0))::bigint as sent,
      coalesce(sum(m.quantity) filter (where m.kind in ('receipt', 'count_difference')), 0)::bigint as returned
    from weeks w
    left join crate_movements m
      on m.occurred_at >= (w.week_start::timestamp at time zone ${timeZone})
     and m.occurred_at < ((w.week_start + 7)::timestamp at time zone ${timeZone})
     and ((m.kind = 'dispatch' and m.from_holder = ${holders.farm})
       or (m.kind in ('receipt', 'count_difference') and m.to_holder = ${holders.farm})
       or (m.kind = 'recall' and m.from_holder = ${holders.transit} and m.to_holder = ${holders.farm}))
    group by w.week_start
    order by w.week_start`);
  return result.rows.map((r) => ({ weekStart: r.week_start, sent: Number(r.sent), returned: Number(r.returned) }));
}
