// The crate ledger's own invariant checks (DESIGN §4, decision 069): holders against the stock
// adjustments, balances against movements, who may touch 'external', opening balances, farm flow
// totals, damage and the insights' day totals. features/invariant/service.ts composes them with the other domains' checks.
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { type InvariantCheck, num } from '../../lib/invariant.ts';
import { crateDayMismatches, keptTimeZone, turnaroundMismatches } from './crate-days.ts';
import { FARM_FLOW, holders } from './ledger.ts';

// 1. holders (but external) sum to the stock adjustments, and to −external.
async function stockAdjustmentsMatchHolders(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const totals = await db.execute<{ held: number; external: number; adjustments: number }>(sql`
    select
      (select coalesce(sum(balance), 0) from crate_balances where holder <> 'external')::bigint as held,
      (select coalesce(sum(balance), 0) from crate_balances where holder = 'external')::bigint as external,
      (select coalesce(sum(case when from_holder = 'external' then quantity else -quantity end), 0)
         from crate_movements
         where kind in ('stock_adjustment', 'opening_balance')
           and (from_holder = 'external' or to_holder = 'external'))::bigint as adjustments`);
  const t = totals.rows[0];
  if (num(t.held) !== num(t.adjustments)) {
    problems.push(`holders sum to ${t.held} but stock adjustments sum to ${t.adjustments}`);
  }
  if (num(t.held) !== -num(t.external)) problems.push(`holders sum to ${t.held} but external is ${t.external}`);
  return problems;
}

// 2. nobody but writeoff and external is below zero.
async function noHolderBelowZero(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const negative = await db.execute<{ holder: string; balance: number }>(sql`
    select holder, balance from crate_balances
    where balance < 0 and holder not in ('writeoff', 'external')`);
  for (const row of negative.rows) problems.push(`${row.holder} is below zero (${row.balance})`);
  return problems;
}

// 3. each balance row is the sum of its movements.
async function balancesMatchMovements(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const mismatched = await db.execute<{ holder: string; balance: number; ledger: number }>(sql`
    with sums as (
      select holder, sum(delta)::bigint as ledger from (
        select to_holder as holder, quantity as delta from crate_movements
        union all
        select from_holder as holder, -quantity as delta from crate_movements
      ) d group by holder
    )
    select coalesce(b.holder, s.holder) as holder, coalesce(b.balance, 0) as balance, coalesce(s.ledger, 0) as ledger
    from crate_balances b full outer join sums s on s.holder = b.holder
    where coalesce(b.balance, 0) <> coalesce(s.ledger, 0)`);
  for (const row of mismatched.rows) {
    problems.push(`${row.holder}: balance ${row.balance} but movements sum to ${row.ledger}`);
  }
  return problems;
}

// 4. only adjustments touch external, and every movement is positive.
async function onlyAdjustmentsTouchExternal(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const odd = await db.execute<{ id: number; kind: string; quantity: number }>(sql`
    select id, kind, quantity from crate_movements
    where quantity <= 0
       or ((from_holder = 'external' or to_holder = 'external')
           and kind not in ('stock_adjustment', 'opening_balance'))
    limit 10`);
  for (const row of odd.rows) problems.push(`movement ${row.id} (${row.kind}, ${row.quantity}) is not allowed`);
  return problems;
}

// 4b. an opening balance brings crates to an agent or a client, and a client's names one of its loans
//     of exactly that many crates (an import, decision 050).
async function openingBalancesLandWithHolders(db: Db | Executor): Promise<string[]> {
  const odd = await db.execute<{ id: number; to_holder: string }>(sql`
    select m.id, m.to_holder from crate_movements m
    left join client_transactions t on t.id = m.client_transaction_id
    where m.kind = 'opening_balance' and m.from_holder = 'external'
      and not (
        (m.to_holder ~ '^agent:[0-9]+:(full|empty)$' and m.client_transaction_id is null)
        or (m.to_holder ~ '^client:[0-9]+$' and t.id is not null
            and m.to_holder = 'client:' || t.client_id and t.quantity_borrowed = m.quantity))
    limit 10`);
  return odd.rows.map((r) => `opening balance ${r.id} to ${r.to_holder} is neither an agent's nor a client's loan`);
}

// 9. the flow totals are the movements' flow, slot by slot.
async function flowTotalsMatchMovements(db: Db | Executor): Promise<string[]> {
  const mismatched = await db.execute<{ slot: string; sent: number; returned: number; kept: string }>(sql`
    with flows as (${FARM_FLOW})
    select coalesce(f.slot_start, t.slot_start)::text as slot, coalesce(f.sent, 0) as sent,
      coalesce(f.returned, 0) as returned, coalesce(t.sent, 0) || ' sent, ' || coalesce(t.returned, 0) as kept
    from flows f full outer join farm_flow_totals t on t.slot_start = f.slot_start
    where coalesce(f.sent, 0) <> coalesce(t.sent, 0) or coalesce(f.returned, 0) <> coalesce(t.returned, 0)
    limit 10`);
  return mismatched.rows.map(
    (r) =>
      `farm flow at ${r.slot}: movements say ${r.sent} sent, ${r.returned} returned; farm_flow_totals ${r.kept} returned`,
  );
}

// 10. damage goes to the write-off account.
async function damageGoesToWriteOff(db: Db | Executor): Promise<string[]> {
  const odd = await db.execute<{ id: number }>(sql`
    select id from crate_movements where kind = 'damage' and to_holder <> ${holders.writeoff} limit 10`);
  return odd.rows.map((row) => `damage movement ${row.id} does not go to the write-off account`);
}

// 12. the insights' totals (decision 078): each agent's days are what its movements add up to, and its
//     settled turnaround is what matching those days oldest-first from the start gives. Not kept yet
//     (no time zone recorded, before the app's first start): nothing to check.
async function crateDaysMatchMovements(db: Db | Executor): Promise<string[]> {
  if ((await keptTimeZone(db)) === null) return [];
  const days = await crateDayMismatches(db);
  const turnaround = await turnaroundMismatches(db);
  return [...days.map((p) => `agent_crate_days: ${p}`), ...turnaround.map((p) => `settled turnaround: ${p}`)];
}

/** The crate ledger's checks, in the order the invariant reports them. */
export const crateChecks: { beforeOthers: InvariantCheck[]; afterOthers: InvariantCheck[] } = {
  beforeOthers: [
    stockAdjustmentsMatchHolders,
    openingBalancesLandWithHolders,
    noHolderBelowZero,
    balancesMatchMovements,
    onlyAdjustmentsTouchExternal,
  ],
  afterOthers: [flowTotalsMatchMovements, damageGoesToWriteOff, crateDaysMatchMovements],
};
