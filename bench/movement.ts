// What one crate movement costs the ledger (decision 078): on the bench's farm in BENCH_DB_URL (or
// PGlite in BENCH_DATA_DIR), ROUNDS rounds of PAIRS transactions, each a delivery's dispatch
// (farm → transit) and receipt (transit → an agent's full crates) naming one of that agent's
// deliveries, round-robin over 50 agents, as moveCrates books them with every total it keeps — each
// transaction rolled back, so the farm is left as it was (what is not measured: the commit). Prints
// the milliseconds per movement of each round and their median. Run it from two checkouts back to
// back to compare them:
//
//   BENCH_DB_URL=postgres://postgres@127.0.0.1:5432/cratekeeper_bench_big node --import tsx bench/movement.ts
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { holders, moveCrates } from '../src/server/features/crates/ledger.ts';

const env = process.env;
const ROUNDS = Number(env.ROUNDS ?? 15);
const PAIRS = Number(env.PAIRS ?? 100);
const database = await openDatabase(
  env.BENCH_DB_URL ? { url: env.BENCH_DB_URL, poolSize: 1 } : { dataDir: env.BENCH_DATA_DIR ?? '.tmp/bench-small' },
  { migrate: false },
);
const db = database.db;
/** An agent and one of its deliveries, for the movements to name (as a delivery's do). */
const agents = (
  await db.execute<{ agent: number; transmission: number }>(sql`
    select distinct on (market_agent_id) market_agent_id as agent, id as transmission from transmissions
    where type = 'farm_to_market' order by market_agent_id, id desc limit 50`)
).rows.map((r) => ({ id: Number(r.agent), transmissionId: Number(r.transmission) }));

class RolledBack extends Error {}

/** One delivery's two movements in a transaction of their own, rolled back; its milliseconds. */
async function pair(agent: { id: number; transmissionId: number }): Promise<number> {
  let ms = 0;
  await db
    .transaction(async (tx) => {
      const started = performance.now();
      const { id, transmissionId } = agent;
      await moveCrates(tx, { from: holders.farm, to: holders.transit, quantity: 5, kind: 'dispatch', transmissionId });
      await moveCrates(tx, {
        from: holders.transit,
        to: holders.agentFull(id),
        quantity: 5,
        kind: 'receipt',
        transmissionId,
      });
      ms = performance.now() - started;
      throw new RolledBack();
    })
    .catch((err) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  return ms;
}

const perMove: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  let ms = 0;
  for (let i = 0; i < PAIRS; i++) ms += await pair(agents[(round * PAIRS + i) % agents.length]);
  perMove.push(ms / (2 * PAIRS));
}
const sorted = [...perMove].sort((a, b) => a - b);
console.log(
  JSON.stringify({
    rounds: perMove.map((v) => Math.round(v * 1000) / 1000),
    medianMsPerMovement: Math.round(sorted[Math.floor(sorted.length / 2)] * 1000) / 1000,
  }),
);
await database.close();
