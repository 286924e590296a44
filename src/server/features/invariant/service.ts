// The whole-database invariant (DESIGN §4 and §5, decision 069): each domain's checks, composed in one
// place and run in order. Restore, the test app and the property tests judge the database with it.
import type { Db, Executor } from '../../db/client.ts';
import { statementChecks } from '../balance-statements/invariant.ts';
import { billingChecks } from '../billing/invariant.ts';
import { clientChecks } from '../clients/invariant.ts';
import { crateChecks } from '../crates/invariant.ts';
import { stockTakeChecks } from '../stock-takes/invariant.ts';
import { transmissionChecks } from '../transmissions/invariant.ts';

export type InvariantReport = { ok: boolean; problems: string[] };

/** Every check, in the order of the list below (problems keep this order). */
const invariantChecks = [
  ...crateChecks.beforeOthers,
  ...transmissionChecks,
  ...clientChecks,
  ...billingChecks,
  ...crateChecks.afterOthers,
  ...stockTakeChecks,
  ...statementChecks,
];

/**
 * DESIGN §4's invariant, checked against the database:
 * 1. the sum over all holders except 'external' (transit and write-off included) equals the sum of the
 *    farm's stock adjustments (crates bought minus damaged, opening balances included), which is
 *    −balance('external');
 * 2. no holder but 'writeoff' (and 'external', the other side of every adjustment) is below zero;
 * 3. every crate_balances row equals the sum over crate_movements for that holder;
 * 4. only stock adjustments and opening balances touch 'external', and every movement is positive;
 *    an opening balance goes to an agent, or to a client with its loan of that many crates (050);
 * 5. 'transit' holds exactly the crates of pending farm_to_market and market_to_farm transmissions;
 * 6. each client holds exactly the crates out of its loans (borrowed − returned; the table's CHECK
 *    keeps a loan open exactly while crates are out);
 * 7. billing conservation (DESIGN §5): every acknowledged return has exactly one billing line, whose
 *    crates are the crates the ledger booked into the farm for it (so billed + unbilled crates =
 *    counted crates of acknowledged returns), and nothing else has a line;
 * 8. a billed line lies inside its cycle's dates with amount = crates × the cycle's rate (so each
 *    cycle's amount = its crates × its rate, to the cent); an unbilled line's day is in no cycle;
 *    cycles never overlap; a payment equals what its agent's lines in that cycle come to;
 * 9. farm_flow_totals holds, per slot, exactly the farm's flow of the movements in that slot;
 * 10. damaged crates (decision 051) only ever go to the write-off account, and the stock takes' booked
 *    movements add up to their accepted differences (Σ expected − counted of accepted lines = crates
 *    the 'stock_take' movements put on the write-off account, net);
 * 11. every issued monthly statement (decision 064) still reads what the ledger says up to its month's
 *    end: its month is closed, so a correction since then changed nothing in it;
 * 12. agent_crate_days holds, per agent and farm day, exactly what that day's movements add up to, and
 *    each agent's settled turnaround (agent_turnarounds, agent_turnaround_days) is what matching those
 *    days oldest-first from the start gives (decision 078).
 */ export async function checkLedgerInvariant(db: Db | Executor): Promise<InvariantReport> {
  const problems: string[] = [];
  for (const check of invariantChecks) problems.push(...(await check(db)));
  return { ok: problems.length === 0, problems };
}
