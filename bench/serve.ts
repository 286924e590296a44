// The app under load for bench/api.mjs: opens the database it is given (PGlite in BENCH_DATA_DIR or
// PostgreSQL at BENCH_DB_URL), seeds a farm through the real services, then listens on
// 127.0.0.1:BENCH_PORT and prints one JSON line (`{"ready": …}`) with the sign-ins on stdout.
// Writing 'memory' on its stdin prints its memory use after a full collection.
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Db } from '../src/server/db/client.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { suppliers } from '../src/server/db/schema/index.ts';
import * as agents from '../src/server/features/agents/service.ts';
import { registerAccount } from '../src/server/features/auth/service.ts';
import { adjustStock, enterOpeningBalance } from '../src/server/features/crates/service.ts';
import { seedDemoPriceHistory } from '../src/server/features/pricing/demo.ts';
import { acknowledgeTransmission, createTransmission } from '../src/server/features/transmissions/service.ts';
import { farmToday } from '../src/server/lib/farm-date.ts';
import { seededRandom } from '../src/server/lib/seeded-random.ts';

const env = process.env;
const PASSWORD = 'bench-secret-1';
const FARM_CODE = 'BENCH-FARM-CODE';
const AGENTS = Number(env.BENCH_AGENTS ?? 40);
const TRANSMISSIONS = Number(env.BENCH_TRANSMISSIONS ?? 10_000);
const PENDING = Math.min(60, Math.floor(TRANSMISSIONS / 20));

const markets = ['Johannesburg Market', 'Pretoria Market'] as const;

const log = (message: string) => process.stderr.write(`[bench:serve] ${message}\n`);

async function seed(db: Db, today: string) {
  const started = Date.now();
  const random = seededRandom(2024);
  const farmUser = await registerAccount(
    db,
    {
      name: 'Bench Farm Store',
      email: 'farm@bench.cratekeeper',
      password: PASSWORD,
      role: 'farm_store',
      farmAccessCode: FARM_CODE,
      produceTypes: '',
    },
    FARM_CODE,
  );
  const farm = { id: farmUser.id, role: 'farm_store' as const };
  const supplierUser = await registerAccount(
    db,
    {
      name: 'Bench Supplier',
      email: 'supplier@bench.cratekeeper',
      password: PASSWORD,
      role: 'supplier',
      businessName: 'Bench Boerdery',
      farmLocation: 'Tzaneen',
      contactNumber: '083 000 0000',
      produceTypes: 'Peppers',
    },
    FARM_CODE,
  );
  await db.update(suppliers).set({ status: 'approved' }).where(sql`${suppliers.userId} = ${supplierUser.id}`);

  const agentList: { id: number; userId: number }[] = [];
  for (let i = 0; i < AGENTS; i++) {
    const user = await registerAccount(
      db,
      {
        name: `Bench Agent ${String(i + 1).padStart(2, '0')}`,
        email: `agent${i + 1}@bench.cratekeeper`,
        password: PASSWORD,
        role: 'market_agent',
        marketLocation: markets[i % 2],
        businessName: `Agent ${i + 1} Produce`,
        contactNumber: '082 000 0000',
        produceTypes: '',
      },
      undefined,
    );
    const agent = (await agents.findAgentByUserId(db, user.id))!;
    agentList.push({ id: agent.id, userId: user.id });
  }

  await seedDemoPriceHistory(db, today);
  // A year of use, oldest first, each action dated as it happened (the ledger is append-only, so
  // history is written in the past rather than moved there afterwards).
  const now = Date.now();
  const DAY = 24 * 3_600_000;
  const opened = { at: new Date(now - 366 * DAY) };
  const sentAt = (n: number) => new Date(now - 365 * DAY + ((n + 1) / TRANSMISSIONS) * 364 * DAY);
  await adjustStock(db, farm, { quantity: 30_000, reason: 'Opening stock (bench farm)' }, opened);
  await adjustStock(db, farm, { quantity: -120, reason: 'Cracked crates found at stock-take' }, opened);
  for (const agent of agentList) {
    await enterOpeningBalance(db, farm, { marketAgentId: agent.id, fullCrates: 50, emptyCrates: 8_000 }, opened);
  }
  log(`accounts and opening stock in ${Date.now() - started} ms`);

  // Deliveries and returns in turn, each acknowledged (a few counted short or over), the last few pending.
  for (let n = 0; n < TRANSMISSIONS; n++) {
    const agent = agentList[Math.floor(random() * agentList.length)];
    const pending = n >= TRANSMISSIONS - PENDING;
    const at = sentAt(n);
    const counted = { at: new Date(at.getTime() + 6 * 3_600_000) };
    if (n % 2 === 0) {
      const quantity = 20 + Math.floor(random() * 41);
      const sent = await createTransmission(
        db,
        farm,
        { type: 'farm_to_market', marketAgentId: agent.id, quantity },
        { at },
      );
      if (!pending) {
        const r = random();
        const count = r < 0.03 ? quantity - 1 - Math.floor(random() * 3) : r < 0.04 ? quantity + 1 : null;
        await acknowledgeTransmission(db, { id: agent.userId, role: 'market_agent' }, sent.id, count, counted);
      }
    } else {
      const quantity = 20 + Math.floor(random() * 41);
      const back = await createTransmission(
        db,
        { id: agent.userId, role: 'market_agent' },
        { type: 'market_to_farm', quantity },
        { at },
      );
      if (!pending) await acknowledgeTransmission(db, farm, back.id, null, counted);
    }
    if ((n + 1) % 2000 === 0) log(`${n + 1} transmissions in ${Date.now() - started} ms`);
  }

  // What autovacuum would have done by now: dead index entries gone, statistics fresh.
  await db.execute(sql`vacuum analyze`);
  log(`seeded ${TRANSMISSIONS} transmissions in ${Date.now() - started} ms`);
  return agentList;
}

const port = Number(env.BENCH_PORT);
if (!port) throw new Error('BENCH_PORT is required');
const config = {
  ...loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: env.BENCH_DATA_DIR ?? '.tmp/bench',
    LOG_LEVEL: 'silent',
  }),
  farmAccessCode: FARM_CODE,
};
const database = await openDatabase(
  env.BENCH_DB_URL ? { url: env.BENCH_DB_URL } : { dataDir: env.BENCH_DATA_DIR ?? '.tmp/bench' },
);
const app = await buildApp({ config, database });
const agentList = await seed(app.db, farmToday(config.farmTimezone));

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

// bench/events.mjs asks for the app's memory by writing 'memory' on stdin: a full collection first
// (the child runs with --expose-gc), then one `{"memory": …}` line on stdout.
process.stdin.on('data', (chunk) => {
  if (!String(chunk).includes('memory')) return;
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  process.stdout.write(`${JSON.stringify({ memory: process.memoryUsage(), collected: Boolean(gc) })}\n`);
});

await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({
    ready: true,
    database: database.kind,
    password: PASSWORD,
    farm: 'farm@bench.cratekeeper',
    agent: 'agent1@bench.cratekeeper',
    agentMarketAgentId: agentList[0].id,
  })}\n`,
);
