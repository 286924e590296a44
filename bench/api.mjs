// `npm run bench`: the API's hot reads and one write under load (DESIGN §1, docs/decisions/010).
// Starts the real app as a child process (bench/serve.ts) on a free 127.0.0.1 port against a fresh
// database — PGlite in a temporary directory, or a throwaway `cratekeeper_bench_<random>` database on
// the PostgreSQL at BENCH_DATABASE_URL — seeds a year of a farm through the real services, signs in
// once per role, runs autocannon against each endpoint and prints a table. Everything it created is
// removed at the end, also on Ctrl-C.
//
// Knobs: BENCH_DURATION (seconds per endpoint, 10), BENCH_CONNECTIONS (10), BENCH_TRANSMISSIONS
// (10000), BENCH_AGENTS (40), BENCH_ONLY (run endpoints whose name contains this text),
// BENCH_KEEP_DATABASE=1 (leave the PostgreSQL database for EXPLAIN; its name is printed).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const HOST = '127.0.0.1';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ONLY = process.env.BENCH_ONLY;
const adminUrl = process.env.BENCH_DATABASE_URL;
const root = fileURLToPath(new URL('..', import.meta.url));

const cleanups = [];
const cleanup = async () => {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (err) {
      console.error(`cleanup: ${err.message}`);
    }
  }
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanup();
    process.exit(130);
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A fresh database: a temporary PGlite directory, or a throwaway database on BENCH_DATABASE_URL. */
async function freshDatabase() {
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'cratekeeper-bench-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    return { env: { BENCH_DATA_DIR: dir }, label: 'PGlite' };
  }
  const name = `cratekeeper_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  if (process.env.BENCH_KEEP_DATABASE === '1') {
    await admin.end();
    console.log(`Keeping the database ${name} (drop it with: drop database ${name} with (force))`);
  } else {
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { env: { BENCH_DB_URL: url.toString() }, label: `PostgreSQL (${name})` };
}

/** Starts bench/serve.ts and waits for its `{"ready": true}` line. */
async function startApp(port, dbEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench', 'serve.ts')], {
    cwd: root,
    env: { ...process.env, ...dbEnv, BENCH_PORT: String(port), DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const line = buffered.split('\n').find((l) => l.startsWith('{"ready"'));
      if (line) resolve(JSON.parse(line));
    });
    exited.then((code) => reject(new Error(`the app exited (${code}) before it was ready`)));
  });
}

async function signIn(base, email, password) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ck_session='));
  return cookie.split(';')[0];
}

async function post(base, cookie, path, body) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

function run(base, { name, ...options }) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections: CONNECTIONS, duration: DURATION, ...options },
      (err, result) => (err ? reject(err) : resolve({ name, result })),
    );
    cleanups.push(async () => instance.stop());
  });
}

const ms = (v) => (v === undefined ? '-' : `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`);

function table(rows) {
  const head = ['endpoint', 'req/s', 'p50', 'p97.5', 'p99', 'errors', 'non-2xx'];
  const body = rows.map(({ name, result: r }) => [
    name,
    String(Math.round(r.requests.average)),
    ms(r.latency.p50),
    ms(r.latency.p97_5),
    ms(r.latency.p99),
    String(r.errors + r.timeouts),
    String(r.non2xx),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  return [
    line(head),
    `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

async function main() {
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const database = await freshDatabase();
  console.log(`Seeding a farm on ${database.label}; the app will listen on ${base} …`);
  const seededAt = Date.now();
  const ready = await startApp(port, database.env);
  console.log(`Seeded and ready in ${((Date.now() - seededAt) / 1000).toFixed(1)} s.`);

  // One sign-in per role for the whole run: the login limit is 100 per IP in 15 minutes.
  const farm = await signIn(base, ready.farm, ready.password);
  const agent = await signIn(base, ready.agent, ready.password);
  // Enough farm stock for every delivery the write benchmark can send.
  await post(base, farm, '/api/farm-store/stock-adjustments', { quantity: 1_000_000, reason: 'Bench write stock' });

  const get = (name, path, cookie) => ({
    name,
    requests: [{ method: 'GET', path, headers: cookie ? { cookie } : {} }],
  });
  const json = { 'content-type': 'application/json' };
  const endpoints = [
    get('GET /api/transmissions (farm)', '/api/transmissions', farm),
    get('GET /api/transmissions (agent)', '/api/transmissions', agent),
    get('GET /api/transmissions/recent?limit=50', '/api/transmissions/recent?limit=50', farm),
    get('GET /api/transmissions/pending-count', '/api/transmissions/pending-count', farm),
    get('GET /api/market-agents', '/api/market-agents', farm),
    get('GET /api/dashboard (farm)', '/api/dashboard', farm),
    get('GET /api/dashboard (agent)', '/api/dashboard', agent),
    get('GET /api/dashboard/farm-metrics', '/api/dashboard/farm-metrics', farm),
    get('GET /api/public/farm-metrics', '/api/public/farm-metrics'),
    get('GET /api/pepper-pricing', '/api/pepper-pricing'),
    get('GET /api/pepper-pricing/history?months=24', '/api/pepper-pricing/history?months=24'),
    {
      // Each connection sends a delivery as the farm store, then the agent acknowledges it.
      name: 'POST /api/transmissions + PUT …/acknowledge',
      requests: [
        {
          method: 'POST',
          path: '/api/transmissions',
          headers: { ...json, cookie: farm },
          body: JSON.stringify({ type: 'farm_to_market', marketAgentId: ready.agentMarketAgentId, quantity: 5 }),
          onResponse: (status, body, context) => {
            if (status === 201) context.id = JSON.parse(body).id;
          },
        },
        {
          method: 'PUT',
          headers: { ...json, cookie: agent },
          body: JSON.stringify({ actualQuantity: 5 }),
          setupRequest: (request, context) => ({ ...request, path: `/api/transmissions/${context.id}/acknowledge` }),
        },
      ],
    },
  ].filter((e) => !ONLY || e.name.includes(ONLY));

  const results = [];
  for (const endpoint of endpoints) {
    process.stdout.write(`  ${endpoint.name} …`);
    const done = await run(base, endpoint);
    process.stdout.write(` ${Math.round(done.result.requests.average)} req/s\n`);
    results.push(done);
  }
  console.log(
    `\n${database.label}, ${CONNECTIONS} connections, ${DURATION} s per endpoint (the write row counts both requests):\n`,
  );
  console.log(table(results));
  return results.some(({ result: r }) => r.errors + r.timeouts + r.non2xx > 0) ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(err);
} finally {
  await cleanup();
}
process.exit(code);
