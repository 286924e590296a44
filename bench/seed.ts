// `npm run bench:seed`: builds the bench's farm (bench/farm.ts) in a database of its
// own and keeps it for `npm run bench` to reuse.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:seed
//     → the PostgreSQL database cratekeeper_bench_big (200 agents, 1 000 000 transmissions, …), made
//       afresh on that server (dropped first if it exists);
//   npm run bench:seed
//     → PGlite in .tmp/bench-small (40 agents, 10 000 transmissions, …), made afresh.
//
// Knobs: BENCH_SIZE=big|small (big on PostgreSQL, small on PGlite by default), BENCH_SHAPE=busy-week,
// BENCH_BUSY_WEEK (deliveries pending in the busy week), BENCH_AGENTS, BENCH_CLIENTS,
// BENCH_TRANSMISSIONS, BENCH_LOANS, BENCH_CYCLES, BENCH_DATABASE_NAME (instead of
// cratekeeper_bench_<size>[_busy_week]), BENCH_DATA_DIR (instead of .tmp/bench-<size>[-busy-week]),
// BENCH_CHECK_HISTORY=1|0 (check every holder's running balance, default on for small).
//
// At the end it runs `vacuum analyze` and the invariant check (checkLedgerInvariant, features/invariant) and
// fails, removing what it built, when the invariant does not hold. It prints how long it took, and one
// JSON line ({"seeded": …}) for bench/api.mjs.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { rebuildCrateDays } from '../src/server/features/crates/crate-days.ts';
import * as ledger from '../src/server/features/crates/ledger.ts';
import { checkLedgerInvariant } from '../src/server/features/invariant/service.ts';
import { type Session, seedFarm } from './farm.ts';
import { migrationsFingerprint, planFromEnv } from './plan.ts';

const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL;
const plan = planFromEnv(env, adminUrl ? 'big' : 'small');
const suffix = plan.shape === 'busy-week' ? '_busy_week' : '';
const log = (line: string) => process.stderr.write(`[bench:seed] ${line}\n`);
const started = Date.now();

const MARKER_FILE = 'bench-seed.json';

type Target = {
  label: string;
  open: () => Promise<{ database: Database; session: Session; end: () => Promise<void> }>;
};

async function postgresTarget(url: string): Promise<Target & { name: string; drop: () => Promise<void> }> {
  const name = env.BENCH_DATABASE_NAME || `cratekeeper_bench_${plan.size}${suffix}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DATABASE_NAME must be a plain lower-case name: ${name}`);
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    name,
    label: `PostgreSQL database ${name}`,
    drop: () => admin(`drop database if exists ${name} with (force)`),
    open: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      await admin(`create database ${name}`);
      const database = await openDatabase({ url: dbUrl.toString(), poolSize: 2 });
      const client = new pg.Client({ connectionString: dbUrl.toString() });
      await client.connect();
      const session: Session = {
        exec: async (text) => {
          await client.query(text);
        },
        rows: async <T>(text: string) => (await client.query(text)).rows as T[],
      };
      return {
        database,
        session,
        end: async () => {
          await client.query(`comment on database ${name} is '${JSON.stringify(marker())}'`);
          await client.end();
          await database.close();
        },
      };
    },
  };
}

function pgliteTarget(): Target & { dir: string; drop: () => Promise<void> } {
  const dir = env.BENCH_DATA_DIR || join('.tmp', `bench-${plan.size}${suffix.replaceAll('_', '-')}`);
  return {
    dir,
    label: `PGlite in ${dir}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
    open: async () => {
      rmSync(dir, { recursive: true, force: true });
      const database = await openDatabase({ dataDir: dir });
      const lite = database.pglite!;
      const session: Session = {
        exec: async (text) => {
          await lite.exec(text);
        },
        rows: async <T>(text: string) => (await lite.query<T>(text)).rows,
      };
      return {
        database,
        session,
        end: async () => {
          await database.close();
          writeFileSync(join(dir, MARKER_FILE), JSON.stringify(marker()));
        },
      };
    },
  };
}

let seededAt = '';
/** What the reusing bench checks before it trusts the database: the plan it was built with. */
const marker = () => ({ bench: 'cratekeeper', plan, migrations: migrationsFingerprint(), seededAt });

async function main() {
  const target = adminUrl ? await postgresTarget(adminUrl) : pgliteTarget();
  log(
    `${target.label}: ${plan.agents} agents, ${plan.agents * plan.clientsPerAgent} clients, ${plan.transmissions} transmissions, ` +
      `${plan.loans} loans, ${plan.cycles} cycles${plan.shape === 'busy-week' ? `, busy week of ${plan.busyWeek} pending deliveries` : ''}`,
  );
  const { database, session, end } = await target.open();
  let ok = false;
  try {
    const result = await seedFarm(session, plan, log);
    let at = Date.now();
    // Aggregates the app keeps in each write's transaction, rebuilt from the bulk rows
    // by the ledger's own loader hook where it has one.
    const rebuild = (ledger as Record<string, unknown>).rebuildFarmFlowTotals;
    if (typeof rebuild === 'function') {
      await rebuild(database.db);
      log(`farm_flow_totals rebuilt: ${((Date.now() - at) / 1000).toFixed(1)} s`);
      result.timings.push({ step: 'farm_flow_totals rebuilt', ms: Date.now() - at });
      at = Date.now();
    }
    // The insights' day totals (decision 078), kept in the farm's time zone as the app's start would.
    await database.db.transaction((tx) => rebuildCrateDays(tx, plan.timeZone));
    log(`agent_crate_days rebuilt: ${((Date.now() - at) / 1000).toFixed(1)} s`);
    result.timings.push({ step: 'agent_crate_days rebuilt', ms: Date.now() - at });
    at = Date.now();
    await session.exec('vacuum analyze');
    log(`vacuum analyze: ${((Date.now() - at) / 1000).toFixed(1)} s`);
    result.timings.push({ step: 'vacuum analyze', ms: Date.now() - at });
    at = Date.now();
    const invariant = await checkLedgerInvariant(database.db);
    log(`ledger invariant: ${invariant.ok ? 'holds' : 'BROKEN'} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
    result.timings.push({ step: 'ledger invariant', ms: Date.now() - at });
    if (!invariant.ok) throw new Error(`the ledger invariant does not hold:\n  ${invariant.problems.join('\n  ')}`);
    seededAt = new Date().toISOString();
    await end();
    ok = true;
    const seconds = (Date.now() - started) / 1000;
    log(`done in ${seconds.toFixed(1)} s: ${JSON.stringify(result.counts)}`);
    log(
      `opening stock ${result.openings.farmStock}; agents' opening empties ${result.openings.agentEmptiesMin}–${result.openings.agentEmptiesMax}`,
    );
    process.stdout.write(
      `${JSON.stringify({ seeded: { ...result, seconds, target: target.label, seededAt, ...('name' in target ? { name: target.name } : { dir: target.dir }) } })}\n`,
    );
  } finally {
    if (!ok) {
      await database.close().catch(() => {});
      if (env.BENCH_KEEP_DATABASE === '1') log(`kept the failed ${target.label} for a look`);
      else await target.drop().catch((err) => log(`could not remove ${target.label}: ${err.message}`));
    }
  }
}

try {
  await main();
  process.exit(0);
} catch (err) {
  // A failed query's error carries the whole statement; its message and place are enough here.
  const e = err as Error & { code?: string; where?: string };
  console.error(`[bench:seed] failed: ${e.message}${e.code ? ` (${e.code})` : ''}`);
  if (!e.code) console.error(e.stack);
  process.exit(1);
}
