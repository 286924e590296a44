// Stock takes' invariant check (decision 051, decision 069): the 'stock_take' movements put on the
// write-off account, net, exactly the accepted differences. features/invariant/service.ts composes it.
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { type InvariantCheck, num } from '../../lib/invariant.ts';
import { holders } from '../crates/ledger.ts';

// 10. stock-take bookings match the accepted differences.
async function stockTakesBooked(db: Db | Executor): Promise<string[]> {
  const totals = await db.execute<{ booked: string | number; accepted: string | number }>(sql`
    select
      (select coalesce(sum(case when to_holder = ${holders.writeoff} then quantity else -quantity end), 0)
         from crate_movements where kind = 'stock_take')::bigint as booked,
      (select coalesce(sum(expected - counted), 0) from stock_take_lines where resolution = 'accepted')::bigint as accepted`);
  const t = totals.rows[0];
  if (num(t.booked) === num(t.accepted)) return [];
  return [`stock takes booked ${t.booked} to the write-off account but accepted differences come to ${t.accepted}`];
}

export const stockTakeChecks: InvariantCheck[] = [stockTakesBooked];
