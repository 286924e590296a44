// The real server (node --import tsx src/server/index.ts, as `npm start` runs it) under
// write load — agents returning empties, the farm store counting them in (each count bills a line),
// agents lending crates to clients — is killed with SIGKILL a few times and restarted on the same data.
// Every write that was answered 2xx must be in the database afterwards, exactly as answered; the crate
// ledger's invariant (DESIGN §4) and billing's one line per counted return must hold; and every answer
// that did arrive was the 2xx expected (no 5xx while recovering). A kill comes when a set number of
// writes has been acknowledged in the round, never after a sleep, while the other workers' requests are
// in flight. On PGlite (a DATA_DIR of its own) or PostgreSQL (TEST_DB=postgres: a database cloned from
// the migrated template for this test).

import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { freePort } from '../../tests/support/ports.ts';
import { startServerProcess } from '../../tests/support/server-process.ts';
import { type Database, openDatabase } from './db/client.ts';
import { checkLedgerInvariant } from './features/invariant/service.ts';
import { addDays, DEFAULT_FARM_TIMEZONE, farmToday } from './lib/farm-date.ts';

const FARM_CODE = 'CRASH-FARM-CODE';
/** Kills under load, then a last round that is killed too before the data is read. */
const KILLS = 3;
/** Writes acknowledged in a round before its kill. */
const WRITES_PER_ROUND = 100;
const WORKERS = { returns: 4, counts: 3, loans: 4 };
const AGENTS = 3;

// ---- the database the server runs on ----

const template = inject('postgresTemplate');
let databaseUrl = '';
let dataDir = '';
let dropDatabase = async () => {};
if (template) {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `cratekeeper_crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  databaseUrl = dbUrl.toString();
  dropDatabase = async () => {
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
} else {
  dataDir = mkdtempSync(join(tmpdir(), 'cratekeeper-crash-'));
}

// ---- the server process ----

const port = await freePort();
const base = `http://127.0.0.1:${port}`;

let server: ChildProcess | null = null;
/** What the running server printed. */
let printed = () => '';
const killNow = () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
};
// Whatever happens to the test, no server is left running.
process.once('exit', killNow);
afterAll(async () => {
  await kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

function start() {
  const started = startServerProcess(
    {
      PORT: String(port),
      DATA_DIR: dataDir || join(tmpdir(), 'cratekeeper-crash-unused'),
      DATABASE_URL: databaseUrl,
      FARM_ACCESS_CODE: FARM_CODE,
      LOG_LEVEL: 'warn',
      WEB_DIR: join(tmpdir(), 'cratekeeper-crash-no-client'),
    },
    4000,
  );
  const { child } = started;
  printed = started.output;
  server = child;
  return child;
}

async function kill() {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Polls GET /api/health until it answers 200 (the server migrated, recovered and listens). */
async function healthy(child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${printed()}`);
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no healthy server within ${timeoutMs} ms:\n${printed()}`);
}

// ---- HTTP as the farm store and the agents ----

type Session = { cookie: string };
async function call(who: Session | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  return { status: res.status, body: text, json: () => JSON.parse(text), headers: res.headers };
}
async function must(who: Session | null, method: string, path: string, body: unknown, status: number) {
  const res = await call(who, method, path, body);
  if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${res.body}`);
  return res;
}
async function register(body: Record<string, unknown>): Promise<Session & { id: number }> {
  const res = await must(null, 'POST', '/api/auth/register', body, 200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ck_session='));
  if (!cookie) throw new Error('no session cookie');
  return { cookie: cookie.split(';')[0], id: res.json().user.id };
}

it('keeps every write answered 2xx through SIGKILLs under load, and the ledger adds up', async () => {
  await healthy(start());

  // The farm, its stock, a running billing cycle (counted returns are billed at once), agents with
  // crates to return and lend, and a client each.
  const farm = await register({
    name: 'Crash Farm',
    email: 'farm@crash.test',
    password: 'secret123',
    role: 'farm_store',
    farmAccessCode: FARM_CODE,
  });
  await must(farm, 'POST', '/api/farm-store/stock-adjustments', { quantity: 10_000, reason: 'Bought' }, 201);
  const today = farmToday(DEFAULT_FARM_TIMEZONE);
  const shift = (days: number) => addDays(today, days);
  await must(
    farm,
    'POST',
    '/api/billing/create-cycle',
    { startDate: shift(-1), endDate: shift(30), ratePerCrate: '0.70' },
    201,
  );
  const agents: (Session & { id: number; clientId: number })[] = [];
  for (let i = 0; i < AGENTS; i++) {
    const agent = await register({
      name: `Crash Agent ${i}`,
      email: `agent${i}@crash.test`,
      password: 'secret123',
      role: 'market_agent',
      marketLocation: 'Johannesburg Market',
      businessName: `Crash Produce ${i}`,
      contactNumber: '082 000 0000',
    });
    const me = (await must(agent, 'GET', '/api/market-agents/me', undefined, 200)).json();
    await must(
      farm,
      'POST',
      '/api/farm-store/opening-balances',
      { marketAgentId: me.id, fullCrates: 2000, emptyCrates: 2000 },
      201,
    );
    const client = (
      await must(
        agent,
        'POST',
        '/api/clients',
        { businessName: `Crash Client ${i}`, clientName: 'Buyer', contactNumber: '082 123 4567' },
        201,
      )
    ).json();
    agents.push({ ...agent, clientId: client.id });
  }

  // What the server acknowledged, by kind; counts in flight when a round ended.
  const acked = { returns: [] as number[], counts: [] as number[], loans: [] as number[] };
  const toCount: number[] = [];
  const inFlightAtKill: number[] = [];
  /** Answers other than the 2xx expected (none should come: every write here is valid). */
  const refused: string[] = [];

  /** Runs the workers until `writes` more were acknowledged, then SIGKILLs the server mid-flight. */
  async function round(writes: number) {
    let ackedThisRound = 0;
    let inFlight = 0;
    let stopped = false;
    let killed = () => {};
    const done = new Promise<void>((resolve) => {
      killed = resolve;
    });
    /** One more write answered 2xx; the one that reaches `writes` kills the server there and then. */
    const ack = () => {
      if (++ackedThisRound < writes || stopped) return;
      stopped = true;
      inFlightAtKill.push(inFlight - 1); // the others' requests, on their way
      killNow();
      killed();
    };
    /** One request; an answer other than the expected 2xx is kept, to fail the test at the end. */
    const send = async (expected: number, ...args: Parameters<typeof call>) => {
      inFlight++;
      try {
        const res = await call(...args);
        if (res.status !== expected) refused.push(`${args[1]} ${args[2]}: ${res.status} ${res.body.slice(0, 200)}`);
        return res.status === expected ? (res.json() as { id: number }) : null;
      } finally {
        inFlight--;
      }
    };
    const attempt = async (fn: () => Promise<void>) => {
      try {
        await fn();
      } catch {
        // No answer (the server died, or the connection was refused): unknown, not counted.
      }
    };
    const loop = (work: (i: number) => Promise<void>) => async (i: number) => {
      while (!stopped) await attempt(() => work(i));
    };
    const returner = loop(async (i) => {
      const sent = await send(201, agents[i % AGENTS], 'POST', '/api/transmissions', {
        type: 'market_to_farm',
        quantity: 1,
      });
      // An answer that arrives after the kill was decided was still given: it counts as acknowledged.
      if (sent) {
        acked.returns.push(sent.id);
        toCount.push(sent.id);
        ack();
      }
    });
    const counter = loop(async () => {
      const id = toCount.shift();
      if (id === undefined) {
        await new Promise((r) => setTimeout(r, 5));
        return;
      }
      if (await send(200, farm, 'PUT', `/api/transmissions/${id}/acknowledge`, { actualQuantity: 1 })) {
        acked.counts.push(id);
        ack();
      }
    });
    const lender = loop(async (i) => {
      const agent = agents[i % AGENTS];
      const lent = await send(201, agent, 'POST', '/api/client-transactions', {
        clientId: agent.clientId,
        quantityBorrowed: 1,
      });
      if (lent) {
        acked.loans.push(lent.id);
        ack();
      }
    });
    const workers = [
      ...Array.from({ length: WORKERS.returns }, (_, i) => returner(i)),
      ...Array.from({ length: WORKERS.counts }, (_, i) => counter(i)),
      ...Array.from({ length: WORKERS.loans }, (_, i) => lender(i)),
    ];
    // A round that cannot reach its writes (a server that stopped answering) fails instead of hanging.
    let timer: NodeJS.Timeout | undefined;
    const tooLong = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        stopped = true;
        reject(new Error(`only ${ackedThisRound} of ${writes} writes acknowledged in 120 s:\n${printed()}`));
      }, 120_000);
    });
    try {
      await Promise.race([done, tooLong]);
    } finally {
      clearTimeout(timer);
      stopped = true;
      await kill();
      await Promise.all(workers);
    }
    if (server?.signalCode !== 'SIGKILL') throw new Error(`the server was not killed:\n${printed()}`);
  }

  for (let k = 0; k <= KILLS; k++) {
    await round(WRITES_PER_ROUND);
    // The last round's kill is the crash the data is read after; the others are restarted.
    if (k < KILLS) await healthy(start());
  }

  // Read the data as the crash left it (PGlite recovers its directory on opening).
  const database: Database = await openDatabase(databaseUrl ? { url: databaseUrl, poolSize: 2 } : { dataDir });
  try {
    const { db } = database;
    const ids = (list: number[]) => sql.raw(list.length ? list.join(',') : '0');
    const returns = await db.execute<{ id: number; type: string; quantity: number }>(
      sql`select id, type, quantity from transmissions where id in (${ids(acked.returns)})`,
    );
    expect(returns.rows.length, 'returns answered 201').toBe(acked.returns.length);
    expect(returns.rows.every((r) => r.type === 'market_to_farm' && r.quantity === 1)).toBe(true);

    const counts = await db.execute<{ id: number; status: string; actual: number; lines: number }>(
      sql`select t.id, t.status, t.actual_quantity as actual,
              (select count(*) from billing_lines b where b.transmission_id = t.id)::int as lines
            from transmissions t where t.id in (${ids(acked.counts)})`,
    );
    expect(counts.rows.length, 'counts answered 200').toBe(acked.counts.length);
    expect(counts.rows.filter((r) => r.status !== 'acknowledged' || r.actual !== 1 || r.lines !== 1)).toEqual([]);

    const loans = await db.execute<{ id: number; borrowed: number }>(
      sql`select id, quantity_borrowed as borrowed from client_transactions where id in (${ids(acked.loans)})`,
    );
    expect(loans.rows.length, 'loans answered 201').toBe(acked.loans.length);
    expect(loans.rows.every((r) => r.borrowed === 1)).toBe(true);

    // Billed exactly once, whether or not its answer arrived: every counted return has one line.
    const unbilled = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from transmissions t
            where t.type = 'market_to_farm' and t.status = 'acknowledged'
              and (select count(*) from billing_lines b where b.transmission_id = t.id) <> 1`,
    );
    expect(unbilled.rows[0].n).toBe(0);

    const report = await checkLedgerInvariant(db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  } finally {
    await database.close();
  }

  expect(refused).toEqual([]);
  expect(inFlightAtKill.length).toBe(KILLS + 1);
  // The kills came while requests were on their way, not in a quiet moment.
  expect(inFlightAtKill.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  expect(acked.returns.length + acked.counts.length + acked.loans.length).toBeGreaterThanOrEqual(
    (KILLS + 1) * WRITES_PER_ROUND,
  );
}, 300_000);
