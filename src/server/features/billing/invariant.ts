// Billing's invariant checks (DESIGN §5, decision 069): every acknowledged return billed once with the
// crates counted, lines inside their cycles at crates × rate, cycles apart, payments equal to their
// lines. features/invariant/service.ts composes them with the other domains' checks.
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { InvariantCheck } from '../../lib/invariant.ts';

// 7. every acknowledged return has one billing line of the crates counted.
async function everyReturnBilledOnce(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const billed = await db.execute<{ id: number; line_crates: number | null; counted: number | null }>(sql`
    with counted as (
      select t.id, coalesce(sum(case when m.to_holder = 'farm' then m.quantity
                                     when m.from_holder = 'farm' then -m.quantity else 0 end), 0)::bigint as counted
      from transmissions t
      left join crate_movements m on m.transmission_id = t.id
      where t.type = 'market_to_farm' and t.status = 'acknowledged'
      group by t.id
    )
    select coalesce(c.id, l.transmission_id) as id, l.crates as line_crates, c.counted
    from counted c full outer join billing_lines l on l.transmission_id = c.id
    where l.id is null or c.id is null or l.crates <> c.counted
    limit 10`);
  for (const row of billed.rows) {
    problems.push(
      row.line_crates === null
        ? `return ${row.id} (${row.counted} crates counted) has no billing line`
        : row.counted === null
          ? `billing line for transmission ${row.id} is not an acknowledged return`
          : `return ${row.id}: billing line has ${row.line_crates} crates but ${row.counted} were counted`,
    );
  }
  return problems;
}

// 8. billed lines lie in their cycle at crates × rate, unbilled ones in no cycle; cycles never overlap.
async function linesInsideTheirCycles(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const lines = await db.execute<{ id: number; problem: string }>(sql`
    select l.id, case when l.cycle_id is null then 'unbilled though a cycle covers its day'
                      when l.acknowledged_on not between c.start_date and c.end_date then 'outside its cycle''s dates'
                      else 'amount is not crates × rate' end as problem
    from billing_lines l
    left join billing_cycles c on c.id = l.cycle_id
    where (l.cycle_id is null and exists (
             select 1 from billing_cycles k where l.acknowledged_on between k.start_date and k.end_date))
       or (l.cycle_id is not null and (l.acknowledged_on not between c.start_date and c.end_date
                                       or l.amount <> c.rate_per_crate * l.crates))
    limit 10`);
  for (const row of lines.rows) problems.push(`billing line ${row.id}: ${row.problem}`);

  const overlapping = await db.execute<{ a: number; b: number }>(sql`
    select x.id as a, y.id as b from billing_cycles x join billing_cycles y
      on x.id < y.id and x.start_date <= y.end_date and y.start_date <= x.end_date
    limit 10`);
  for (const row of overlapping.rows) problems.push(`billing cycles ${row.a} and ${row.b} overlap`);
  return problems;
}

// 8. a payment equals what its agent's lines in that cycle come to.
async function paymentsMatchLines(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const payments = await db.execute<{ id: number; amount: string; billed: string | null }>(sql`
    select p.id, p.amount::text as amount, s.billed::text as billed
    from billing_payments p
    left join lateral (
      select sum(l.amount) as billed, sum(l.crates) as crates from billing_lines l
      where l.cycle_id = p.cycle_id and l.market_agent_id = p.market_agent_id
    ) s on true
    where s.billed is null or p.amount <> s.billed or p.crates <> s.crates
    limit 10`);
  for (const row of payments.rows) {
    problems.push(`payment ${row.id} of ${row.amount} but the agent's lines in its cycle come to ${row.billed}`);
  }
  return problems;
}

export const billingChecks: InvariantCheck[] = [everyReturnBilledOnce, linesInsideTheirCycles, paymentsMatchLines];
