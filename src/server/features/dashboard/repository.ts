// Farm-wide crate figures: where the crates are (from crate_balances) and 12 weeks of flow (ledger).
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

export type HolderTotals = {
  farm: number;
  inTransit: number;
  atMarketsFull: number;
  atMarketsEmpty: number;
  withClients: number;
  withSuppliers: number;
  writtenOff: number;
};

export async function holderTotals(db: Executor): Promise<HolderTotals> {
  const result = await db.execute<Record<string, string | number>>(sql`
    select
      coalesce(sum(balance) filter (where holder = 'farm'), 0)::bigint as farm,
      coalesce(sum(balance) filter (where holder = 'transit'), 0)::bigint as in_transit,
      coalesce(sum(balance) filter (where holder like 'agent:%:full'), 0)::bigint as full_crates,
      coalesce(sum(balance) filter (where holder like 'agent:%:empty'), 0)::bigint as empty_crates,
      coalesce(sum(balance) filter (where holder like 'client:%'), 0)::bigint as with_clients,
      coalesce(sum(balance) filter (where holder like 'supplier:%'), 0)::bigint as with_suppliers,
      coalesce(sum(balance) filter (where holder = 'writeoff'), 0)::bigint as written_off
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
 * Crates the farm store wrote off as damaged: every stock adjustment out of the pool (farm → external).
 * The stock history lists these entries; counted differences are the 'writeoff' holder instead.
 */
export async function damagedWrittenOff(db: Executor): Promise<number> {
  const result = await db.execute<{ total: string | number }>(sql`
    select coalesce(sum(quantity), 0)::bigint as total
    from crate_movements
    where kind = 'stock_adjustment' and to_holder = 'external'`);
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * Crates dispatched from the farm to markets and counted back in at the farm, per week (Monday to
 * Sunday in the farm's time zone), for the `weeks` weeks up to and including this one.
 */
export async function weeklyFlow(db: Executor, timeZone: string, weeks: number) {
  const result = await db.execute<{ week_start: string; sent: string | number; returned: string | number }>(sql`
    with this_week as (select date_trunc('week', now() at time zone ${timeZone})::date as d),
    weeks as (
      select (t.d - (${weeks - 1} - g.i) * 7) as week_start
      from this_week t, generate_series(0, ${weeks - 1}) as g(i)
    )
    select to_char(w.week_start, 'YYYY-MM-DD') as week_start,
      coalesce(sum(m.quantity) filter (where m.kind = 'dispatch'), 0)::bigint as sent,
      coalesce(sum(m.quantity) filter (where m.kind <> 'dispatch'), 0)::bigint as returned
    from weeks w
    left join crate_movements m
      on m.occurred_at >= (w.week_start::timestamp at time zone ${timeZone})
     and m.occurred_at < ((w.week_start + 7)::timestamp at time zone ${timeZone})
     and ((m.kind = 'dispatch' and m.from_holder = 'farm')
       or (m.kind in ('receipt', 'count_difference') and m.to_holder = 'farm'))
    group by w.week_start
    order by w.week_start`);
  return result.rows.map((r) => ({ weekStart: r.week_start, sent: Number(r.sent), returned: Number(r.returned) }));
}

export async function supplierCrates(db: Executor, userId: number): Promise<number> {
  const result = await db.execute<{ balance: number }>(sql`
    select coalesce(b.balance, 0) as balance
    from suppliers s left join crate_balances b on b.holder = 'supplier:' || s.id
    where s.user_id = ${userId}`);
  return Number(result.rows[0]?.balance ?? 0);
}
