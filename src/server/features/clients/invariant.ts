// Clients' invariant check (DESIGN §4, decision 069): each client holds exactly the crates out of its
// loans. features/invariant/service.ts composes it with the other domains' checks.
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { InvariantCheck } from '../../lib/invariant.ts';

// 6. each client holds the crates out of its loans.
async function clientsHoldTheirLoans(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const loans = await db.execute<{ client_id: number; held: number; out: number }>(sql`
    with out as (
      select client_id, sum(quantity_borrowed - quantity_returned)::bigint as out
      from client_transactions group by client_id
    )
    select coalesce(b.client_id, o.client_id) as client_id, coalesce(b.balance, 0) as held, coalesce(o.out, 0) as out
    from (select client_id, balance from crate_balances where client_id is not null) b
    full outer join out o on o.client_id = b.client_id
    where coalesce(b.balance, 0) <> coalesce(o.out, 0)
    limit 10`);
  for (const row of loans.rows) {
    problems.push(`client ${row.client_id} holds ${row.held} but its loans have ${row.out} crates out`);
  }
  return problems;
}

export const clientChecks: InvariantCheck[] = [clientsHoldTheirLoans];
