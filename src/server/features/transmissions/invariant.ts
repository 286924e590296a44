// Transmissions' invariant check (DESIGN §4, decision 069): 'transit' holds exactly the crates of the
// pending transmissions. features/invariant/service.ts composes it with the other domains' checks.
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { type InvariantCheck, num } from '../../lib/invariant.ts';

// 5. transit holds the crates of pending transmissions.
async function transitMatchesPendingTransmissions(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const transit = await db.execute<{ pending: number; held: number }>(sql`
    select
      (select coalesce(sum(quantity), 0) from transmissions
        where status = 'pending' and type in ('farm_to_market', 'market_to_farm'))::bigint as pending,
      (select coalesce(sum(balance), 0) from crate_balances where holder = 'transit')::bigint as held`);
  if (num(transit.rows[0].pending) !== num(transit.rows[0].held)) {
    problems.push(`transit holds ${transit.rows[0].held} but pending transmissions carry ${transit.rows[0].pending}`);
  }
  return problems;
}

export const transmissionChecks: InvariantCheck[] = [transitMatchesPendingTransmissions];
