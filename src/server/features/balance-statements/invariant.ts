// Monthly statements' invariant check (decision 064, decision 069): every issued statement still reads
// what the ledger says up to its month's end. features/invariant/service.ts composes it.
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { InvariantCheck } from '../../lib/invariant.ts';
import { agentFiguresQuery } from '../crates/ledger.ts';

// 11. issued statements still match the ledger up to their month's end.
async function statementsMatchLedger(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const periods = await db.execute<{ period_start: string; period_end: string }>(sql`
    select distinct period_start::text as period_start, period_end::text as period_end from balance_statements`);
  for (const p of periods.rows) {
    const window = { from: sql`${p.period_start}::timestamptz`, to: sql`${p.period_end}::timestamptz` };
    const agents = sql`select market_agent_id from balance_statements where period_start = ${window.from} and period_end = ${window.to}`;
    const odd = await db.execute<{ id: number; month: string; figure: string }>(sql`
      with f as (${agentFiguresQuery(window, agents)})
      select s.id, s.month, case
        when s.opening <> coalesce(f.opening, 0) then 'opening'
        when s.received <> coalesce(f.received, 0) then 'received'
        when s.sent_back <> coalesce(f.sent_back, 0) then 'sent back'
        when s.count_differences <> coalesce(f.count_differences, 0) then 'count differences'
        when s.missing <> coalesce(f.missing, 0) then 'missing'
        when s.damaged <> coalesce(f.damaged, 0) then 'damaged'
        when s.adjustments <> coalesce(f.adjustments, 0) then 'adjustments'
        when s.at_clients <> coalesce(f.at_clients, 0) then 'at clients'
        else 'closing' end as figure
      from balance_statements s left join f on f.agent = s.market_agent_id
      where s.period_start = ${window.from} and s.period_end = ${window.to}
        and (s.opening, s.received, s.sent_back, s.count_differences, s.missing, s.damaged, s.adjustments,
             s.at_clients, s.closing)
          is distinct from (coalesce(f.opening, 0), coalesce(f.received, 0), coalesce(f.sent_back, 0),
             coalesce(f.count_differences, 0), coalesce(f.missing, 0), coalesce(f.damaged, 0),
             coalesce(f.adjustments, 0), coalesce(f.at_clients, 0), coalesce(f.closing, 0))
      limit 10`);
    for (const row of odd.rows) {
      problems.push(`statement ${row.id} (${row.month}): its ${row.figure} no longer matches the ledger`);
    }
  }
  return problems;
}

export const statementChecks: InvariantCheck[] = [statementsMatchLedger];
