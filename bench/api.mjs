// `npm run bench` (DESIGN §1, docs/decisions/010): in one run, on the bench's farm
// (bench/farm.ts) —
//   the ceiling: a bare node:http server answering a fixed JSON body, and GET /api/health;
//   every hot authenticated read, signed in as the farm store or an agent, full 200 answers (no
//     If-None-Match), with its ratio to the bare server's requests per second in the same run;
//   the insights (decision 078) straight from the database: each read a cache miss, one at a time;
//   the monthly PDF report and the current cycle's billing statement over the full data;
//   writes: a delivery and its acknowledgement, a loan and its return; on PostgreSQL beside pgbench's
//     tpcb-like script run against the same server just before (bench/pgbench.mjs, decision 080);
//   (BENCH_SHAPE=busy-week) the busy week's pending deliveries acknowledged, and the reads again;
//   1 000 open dashboards polling at the spec's intervals, with If-None-Match as browsers send it;
//   (PostgreSQL, or when asked) the morning rush: every agent acknowledges its deliveries and lends to
//     its clients within BENCH_RUSH_SECONDS while the 1 000 dashboards poll, then the ledger invariant
//     (bench/rush.mjs, decision 080);
//   2 000 event streams hearing one change;
//   the app's memory (resident set sampled every 250 ms) and `npm start` on the same database.
// Results go to bench/results/latest.json (and <kind>-<size>[-busy-week].json beside it); the tables
// docs/performance.md shows are printed at the end (bench/markdown.mjs renders them again).
//
// The database: PGlite in a temporary directory seeded at the small size, or, with
// BENCH_DATABASE_URL=postgres://…, the reusable cratekeeper_bench_<size> database (big by default;
// `npm run bench:seed` makes it, and the bench does when it is missing). Nothing else is left behind.
//
// Knobs: BENCH_DURATION (seconds per endpoint, 5), BENCH_CONNECTIONS (50), BENCH_SIZE, BENCH_SHAPE,
// BENCH_ONLY (comma-separated parts: ceiling, reads, cold, documents, writes, busy-week, dashboards,
// rush, events, start; or text in an endpoint's name), BENCH_DASHBOARDS (1000), BENCH_FARM_DASHBOARDS (100),
// BENCH_DASHBOARD_SECONDS (20, after a 10 s warm-up), BENCH_STREAMS (2000), BENCH_EVENT_ROUNDS (3),
// BENCH_DOCUMENT_RUNS (3), BENCH_COLD_RUNS (50), BENCH_RESEED=1, BENCH_KEEP_DATABASE=1, BENCH_DATABASE_NAME (the reusable
// PostgreSQL database's name), BENCH_CPU_PROF=<dir> (the app's CPU profile); the pgbench knobs in
// bench/pgbench.mjs; the rush's: BENCH_RUSH_SECONDS (300), BENCH_RUSH_AGENTS (every agent),
// BENCH_RUSH_DELIVERIES (3 per agent), BENCH_RUSH_CRATES (20 per delivery), BENCH_RUSH_LOANS (10 per
// agent), BENCH_RUSH_LEND (5 crates per loan), BENCH_RUSH_THINK_MS (1000 between two actions, ±50 %),
// BENCH_RUSH_SPREAD (0.6: the agents start within this share of the window).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { AGENT_DASHBOARD, FARM_DASHBOARD, measureStreams, runTasks, simulateDashboards } from './load.mjs';
import { renderRun } from './markdown.mjs';
import { measurePgbench } from './pgbench.mjs';
import { planFromEnv } from './plan.ts';
import { prepareRush, runRush } from './rush.mjs';
import {
  BROWSER_HEADERS,
  backendsOf,
  benchDatabase,
  call,
  cleanups,
  cpuMeter,
  freePort,
  HOST,
  request,
  root,
  rssOf,
  runBench,
  sleep,
  startApp,
  startBare,
  summarize,
  timeNpmStart,
} from './support.mjs';

const env = process.env;
const DURATION = Number(env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const DASHBOARDS = Number(env.BENCH_DASHBOARDS ?? 1000);
const FARM_DASHBOARDS = Math.min(DASHBOARDS, Number(env.BENCH_FARM_DASHBOARDS ?? 100));
const DASHBOARD_SECONDS = Number(env.BENCH_DASHBOARD_SECONDS ?? 20);
const DASHBOARD_WARMUP = Number(env.BENCH_DASHBOARD_WARMUP ?? 10);
const STREAMS = Number(env.BENCH_STREAMS ?? 2000);
const EVENT_ROUNDS = Number(env.BENCH_EVENT_ROUNDS ?? 3);
const DOCUMENT_RUNS = Number(env.BENCH_DOCUMENT_RUNS ?? 3);
const RUSH = {
  seconds: Number(env.BENCH_RUSH_SECONDS ?? 300),
  agents: env.BENCH_RUSH_AGENTS ? Number(env.BENCH_RUSH_AGENTS) : null,
  deliveries: Number(env.BENCH_RUSH_DELIVERIES ?? 3),
  crates: Number(env.BENCH_RUSH_CRATES ?? 20),
  loans: Number(env.BENCH_RUSH_LOANS ?? 10),
  lend: Number(env.BENCH_RUSH_LEND ?? 5),
  thinkMs: Number(env.BENCH_RUSH_THINK_MS ?? 1000),
  spread: Number(env.BENCH_RUSH_SPREAD ?? 0.6),
};
const COLD_RUNS = Number(env.BENCH_COLD_RUNS ?? 50);
const PARTS = ['ceiling', 'reads', 'cold', 'documents', 'writes', 'busy-week', 'dashboards', 'rush', 'events', 'start'];
const only = (env.BENCH_ONLY ?? '').split(',').filter(Boolean);
/** Text that is not a part's name picks reads by endpoint name; the ceiling runs with any read. */
const names = only.filter((o) => !PARTS.includes(o));
const partOn = (part) =>
  only.length === 0 ||
  only.includes(part) ||
  ((part === 'reads' || part === 'ceiling' || part === 'cold') && (names.length > 0 || only.includes('reads')));
const endpointOn = (name) => names.length === 0 || names.some((o) => name.includes(o));

/** The command that made this run, with the knobs that were set (a database password left out). */
function command() {
  const knobs = Object.entries(env)
    .filter(([k]) => k.startsWith('BENCH_') || k === 'FARM_TIMEZONE')
    .map(([k, v]) => {
      if (k !== 'BENCH_DATABASE_URL') return `${k}=${v}`;
      const u = new URL(v);
      u.password = '';
      return `${k}=${u}`;
    });
  return [...knobs, 'npm run bench'].join(' ');
}

// ---- The app's resident set, sampled all along; each part keeps its peak. ----
const memory = { samples: 0, peak: 0, byPart: {} };
let currentPart = 'start-up';
function sampleMemory(pid) {
  const timer = setInterval(() => {
    const rss = rssOf(pid);
    if (rss === null) return;
    memory.samples++;
    memory.peak = Math.max(memory.peak, rss);
    memory.byPart[currentPart] = Math.max(memory.byPart[currentPart] ?? 0, rss);
  }, 250);
  cleanups.push(async () => clearInterval(timer));
  return () => clearInterval(timer);
}

function autocannonRun(base, options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections: CONNECTIONS, duration: DURATION, ...options },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    cleanups.push(async () => instance.stop());
  });
}

/**
 * One autocannon row: requests per second, latency, failures (errors, timeouts, non-2xx). With `cpu`
 * (the app's pid, and the database's backends when they run on this machine), also the CPU time each
 * request cost the app, the database and the load generator (this process), in milliseconds.
 */
async function measure(base, row, cpu) {
  process.stdout.write(`  ${row.name} …`);
  const meters = cpu && {
    app: cpuMeter(async () => [cpu.appPid]),
    database: cpu.backends ? cpuMeter(cpu.backends.pids) : null,
    load: process.cpuUsage(),
  };
  const r = await autocannonRun(base, { requests: row.requests });
  const out = {
    name: row.name,
    group: row.group,
    hot: Boolean(row.hot),
    requestsPerSecond: r.requests.average,
    requests: r.requests.total,
    latency: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    errors: r.errors + r.timeouts + r.non2xx,
    bytesPerRequest: r.requests.total ? r.throughput.total / r.requests.total : 0,
    ...(row.pairs ? { pairs: true } : {}),
  };
  if (meters && out.requests > 0) {
    const load = process.cpuUsage(meters.load);
    out.cpuMsPerRequest = {
      app: (await meters.app()) / out.requests,
      database: meters.database ? (await meters.database()) / out.requests : null,
      loadGenerator: (load.user + load.system) / 1000 / out.requests,
    };
  }
  const c = out.cpuMsPerRequest;
  process.stdout.write(
    ` ${Math.round(out.requestsPerSecond)} req/s, p50 ${out.latency.p50} ms, p99 ${out.latency.p99} ms${out.errors ? `, ${out.errors} errors` : ''}${c ? `; CPU per request: app ${c.app.toFixed(2)} ms${c.database === null ? '' : `, database ${c.database.toFixed(2)} ms`}, load ${c.loadGenerator.toFixed(2)} ms` : ''}\n`,
  );
  return out;
}

const get = (group, name, path, cookie, hot = true) => ({
  group,
  name,
  hot,
  requests: [{ method: 'GET', path, headers: { ...BROWSER_HEADERS, ...(cookie ? { cookie } : {}) } }],
});

/** A row of the reads group named after its path (`GET <path>`, then ` (who)` where the name says whose session). */
const read = (path, cookie, { who, hot = true } = {}) =>
  get('reads', `GET ${path}${who ? ` (${who})` : ''}`, path, cookie, hot);

/** Every hot read, then the other reads the dashboards poll. */
function readRows(farm, agent) {
  return [
    read('/api/transmissions', agent, { who: 'agent' }),
    read('/api/transmissions', farm, { who: 'farm' }),
    read('/api/transmissions/recent?limit=50', farm, { who: 'farm' }),
    read('/api/transmissions/recent?limit=5', agent, { who: 'agent' }),
    read('/api/market-agents', farm),
    read('/api/market-agents/me', agent),
    read('/api/dashboard/farm-metrics', farm),
    read('/api/dashboard', farm, { who: 'farm' }),
    read('/api/dashboard', agent, { who: 'agent' }),
    read('/api/market-agents/earnings', agent),
    read('/api/clients?limit=500', agent, { who: 'agent' }),
    read('/api/billing/current-cycle', farm),
    read('/api/billing/cycles', farm),
    ...insightRows(farm, agent),
    read('/api/transmissions/pending-count', agent, { who: 'agent', hot: false }),
    read('/api/transmissions/incoming?limit=500', agent, { who: 'agent', hot: false }),
    read('/api/market-agents/earnings/history', agent, { hot: false }),
    read('/api/public/farm-metrics', undefined, { hot: false }),
    read('/api/pepper-pricing', undefined, { hot: false }),
  ];
}

/** The farm store's stock topped up for the writes: at least 100 000 crates (a bought lot, through the API). */
async function enoughFarmStock(port, farm) {
  const me = await call(port, { path: '/api/farm-store/me', cookie: farm });
  if (me.stock >= 100_000) return;
  await call(port, {
    method: 'POST',
    path: '/api/farm-store/stock-adjustments',
    cookie: farm,
    body: { quantity: 200_000, reason: 'Bench: crates for the write benchmark' },
  });
}

/** The insights (decision 078): the farm store's (every agent) and an agent's (its own row). */
function insightRows(farm, agent) {
  return ['/api/insights/holdings?weeks=12', '/api/insights/agents?weeks=12', '/api/insights/forecast'].flatMap(
    (path) => [read(path, farm, { who: 'farm' }), read(path, agent, { who: 'agent' })],
  );
}

/**
 * A read straight from the database, `COLD_RUNS` times one after another: before each, `change`
 * makes a change every cached answer depends on, so the read is a cache miss (decision 032).
 */
async function measureCold(port, row, change) {
  process.stdout.write(`  ${row.name} …`);
  const { path, headers } = row.requests[0];
  const runs = [];
  let errors = 0;
  for (let i = 0; i < COLD_RUNS; i++) {
    await change(i);
    const res = await request(port, { path, cookie: headers.cookie });
    runs.push(res.ms);
    if (res.status !== 200) errors++;
  }
  const s = summarize(runs);
  process.stdout.write(
    ` p50 ${Math.round(s.p50)} ms, p99 ${Math.round(s.p99)} ms, slowest ${Math.round(s.max)} ms${errors ? `, ${errors} errors` : ''}\n`,
  );
  return { name: row.name, runs: runs.length, p50: s.p50, p99: s.p99, max: s.max, errors };
}

/** Round-robin over the agents (one session each): who sends, acknowledges, lends next. */
const roundRobin = (list) => {
  let i = 0;
  return () => list[i++ % list.length];
};

const json = { 'content-type': 'application/json' };

/**
 * A write row of two requests in turn (counted in pairs): the next agent's `create` is POSTed to
 * `path` (with `create.cookie`, the agent's own session unless given), then what it created is
 * PUT to `then.path(id)` with `then.body`, always in the agent's session.
 */
function createThenPut(name, path, nextAgent, create, then) {
  return {
    group: 'writes',
    name,
    pairs: true,
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (req, context) => {
          context.agent = nextAgent();
          const { cookie = context.agent.cookie, body } = create(context.agent);
          return { ...req, headers: { ...json, cookie }, body: JSON.stringify(body) };
        },
        onResponse: (status, body, context) => {
          if (status === 201) context.id = JSON.parse(body).id;
        },
      },
      {
        method: 'PUT',
        setupRequest: (req, context) => ({
          ...req,
          path: then.path(context.id),
          headers: { ...json, cookie: context.agent.cookie },
          body: JSON.stringify(then.body),
        }),
      },
    ],
  };
}

function writeRows(farm, agents) {
  // The farm store sends 5 crates to an agent; that agent acknowledges them (counted as sent).
  const delivery = createThenPut(
    'POST /api/transmissions + PUT …/acknowledge',
    '/api/transmissions',
    roundRobin(agents),
    (agent) => ({ cookie: farm, body: { type: 'farm_to_market', marketAgentId: agent.marketAgentId, quantity: 5 } }),
    { path: (id) => `/api/transmissions/${id}/acknowledge`, body: { actualQuantity: 5 } },
  );
  // An agent lends one crate to a client of its own, then records it back.
  const loan = createThenPut(
    'POST /api/client-transactions + PUT …/return',
    '/api/client-transactions',
    roundRobin(agents),
    (agent) => ({ body: { clientId: agent.clientId, quantityBorrowed: 1 } }),
    { path: (id) => `/api/client-transactions/${id}/return`, body: { quantityReturned: 1 } },
  );
  return [delivery, loan];
}

/** A document over the full data, `DOCUMENT_RUNS` times one after another. */
async function measureDocument(port, name, cookie, body, expect) {
  process.stdout.write(`  ${name} …`);
  const runs = [];
  let errors = 0;
  let bytes = 0;
  for (let i = 0; i < DOCUMENT_RUNS; i++) {
    const res = await request(port, { method: 'POST', path: '/api/reports/generate', cookie, body });
    runs.push(res.ms);
    bytes = res.body?.length ?? 0;
    if (res.status !== 200 || !expect(res)) errors++;
  }
  const sorted = [...runs].sort((a, b) => a - b);
  const out = { name, runs, p50: sorted[Math.floor((sorted.length - 1) / 2)], max: sorted.at(-1), bytes, errors };
  process.stdout.write(
    ` ${runs.map((ms) => `${Math.round(ms)} ms`).join(', ')}${errors ? `, ${errors} errors` : ''}\n`,
  );
  return out;
}

const addDays = (date, days) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const startedAt = new Date();
  const plan = planFromEnv(env, env.BENCH_DATABASE_URL ? 'big' : 'small');
  const database = await benchDatabase(plan);
  const barePort = await freePort();
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  console.log(`Starting the app on ${database.label} (${base}) …`);
  const appStarted = performance.now();
  const app = await startApp(port, database.env, {
    BENCH_FARM_SESSIONS: String(Math.max(FARM_DASHBOARDS, 3)),
    BENCH_AGENT_SESSIONS: String(Math.max(DASHBOARDS - FARM_DASHBOARDS, 1)),
  });
  const appReadyMs = performance.now() - appStarted;
  const stopSampling = sampleMemory(app.pid);
  await startBare(barePort);
  const heapAtStart = await app.memory();

  const farm = app.farmCookies[0];
  const agentsOnce = app.agentSessions.slice(0, app.agents);
  const agent = agentsOnce[0].cookie;
  const result = {
    date: startedAt.toISOString(),
    command: command(),
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? '',
      memoryGB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      os: `${os.type()} ${os.release()}`,
      loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
    },
    database: {
      kind: database.kind,
      size: plan.size,
      shape: plan.shape,
      label: database.label,
      reused: Boolean(database.reused),
      plan: database.seeded?.plan ?? plan,
      counts: database.seeded?.counts,
      seedSeconds: database.seeded?.seconds,
    },
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    rows: [],
  };

  // The reads must answer 200 before they are measured: a wrong path would measure a 404.
  for (const row of readRows(farm, agent)) {
    const { path, headers } = row.requests[0];
    const res = await request(port, { path, cookie: headers.cookie });
    if (res.status !== 200) console.warn(`  warning: ${row.name} answers ${res.status} before the run`);
  }

  if (partOn('ceiling')) {
    console.log(`\nCeiling (${CONNECTIONS} connections, ${DURATION} s each):`);
    currentPart = 'ceiling';
    result.rows.push(
      await measure(
        `http://${HOST}:${barePort}`,
        get('ceiling', 'bare node:http (fixed JSON body)', '/', undefined, false),
      ),
    );
    result.rows.push(await measure(base, get('ceiling', 'GET /api/health', '/api/health', undefined, false)));
  }

  const runReads = async (rows) => {
    for (const row of rows.filter((r) => endpointOn(r.name))) result.rows.push(await measure(base, row));
  };
  if (partOn('reads')) {
    console.log('\nReads (full 200 answers, no If-None-Match):');
    currentPart = 'reads';
    await runReads(readRows(farm, agent));
  }

  const price = app.pricing[0];
  /** A price set by the farm store: a change to the farm's records every cached read depends on. */
  const setPrice = (pricePerCrate) =>
    call(port, {
      method: 'PATCH',
      path: `/api/pepper-pricing/${price.id}`,
      cookie: farm,
      body: { pricePerCrate, availability: price.availability },
    });

  if (partOn('cold')) {
    console.log(`\nThe insights straight from the database (${COLD_RUNS} runs each, a price change before each):`);
    currentPart = 'cold';
    result.cold = [];
    for (const row of insightRows(farm, agent).filter((r) => endpointOn(r.name))) {
      result.cold.push(await measureCold(port, row, (i) => setPrice(price.pricePerCrate + (i % 2 === 0 ? 500 : 0))));
    }
    await setPrice(price.pricePerCrate);
  }

  if (partOn('documents')) {
    console.log(`\nDocuments over the full data (${DOCUMENT_RUNS} runs each, one at a time):`);
    currentPart = 'documents';
    result.documents = [
      await measureDocument(
        port,
        'Monthly report PDF, every agent (POST /api/reports/generate)',
        farm,
        {
          reportType: 'monthly',
          dateRange: { startDate: addDays(app.today, -29), endDate: app.today },
          selectedAgentId: 'all',
        },
        (res) => res.body.subarray(0, 4).toString() === '%PDF',
      ),
      await measureDocument(
        port,
        "Current cycle's billing statement, every agent",
        farm,
        { reportType: 'billing', dateRange: {}, selectedAgentId: 'all' },
        (res) => String(res.headers['content-type']).startsWith('text/html'),
      ),
    ];
  }

  if (plan.shape === 'busy-week' && partOn('busy-week')) {
    console.log('\nThe busy week: every pending delivery acknowledged by its agent:');
    currentPart = 'busy-week';
    const tasks = [];
    for (const a of agentsOnce) {
      const incoming = await call(port, { path: '/api/transmissions/incoming?limit=500', cookie: a.cookie });
      for (const t of incoming)
        tasks.push({ method: 'PUT', path: `/api/transmissions/${t.id}/acknowledge`, cookie: a.cookie });
    }
    const acked = await runTasks(port, tasks, CONNECTIONS);
    result.busyWeek = acked;
    console.log(
      `  ${acked.requests} acknowledged in ${acked.seconds.toFixed(1)} s: ${Math.round(acked.requestsPerSecond)}/s, p50 ${Math.round(acked.latency.p50 ?? 0)} ms, p99 ${Math.round(acked.latency.p99 ?? 0)} ms, ${acked.errors} errors`,
    );
    console.log('  … and the reads it changed, again:');
    const again = new Set([
      'GET /api/dashboard/farm-metrics',
      'GET /api/dashboard (farm)',
      'GET /api/transmissions (farm)',
      'GET /api/market-agents',
      'GET /api/dashboard (agent)',
    ]);
    await runReads(
      readRows(farm, agent)
        .filter((r) => again.has(r.name))
        .map((r) => ({ ...r, group: 'after the busy week', name: `${r.name}, busy week acknowledged`, hot: false })),
    );
  }

  if (partOn('writes')) {
    console.log('\nWrites (each row counts both requests of a pair):');
    currentPart = 'writes';
    await enoughFarmStock(port, farm);
    if (database.kind === 'postgres') {
      // PostgreSQL's own yardstick, on the same server just before (decision 080).
      process.stdout.write('  pgbench tpcb-like, scale 1, 50 clients, on a database of its own …');
      result.pgbench = await measurePgbench(env.BENCH_DATABASE_URL);
      const p = result.pgbench;
      const c = p.cpuMsPerTransaction;
      process.stdout.write(
        ` ${Math.round(p.tps)} tps, latency ${p.latencyAverageMs} ms (mean), ${p.failed} failed${c ? `; CPU per transaction: database ${c.database.toFixed(2)} ms, pgbench ${c.client.toFixed(2)} ms` : ''}\n`,
      );
    }
    const backends = database.kind === 'postgres' ? await backendsOf(database.url) : null;
    const cpu = { appPid: app.pid, backends };
    for (const row of writeRows(farm, agentsOnce)) result.rows.push(await measure(base, row, cpu));
    await backends?.close();
    const writes = result.rows.filter((r) => r.group === 'writes');
    if (result.pgbench?.tps) {
      const mix = writes.reduce((sum, r) => sum + r.requestsPerSecond, 0) / writes.length;
      console.log(
        `  ratio app writes (each request one transaction) ÷ pgbench: ${writes.map((r) => (r.requestsPerSecond / result.pgbench.tps).toFixed(2)).join(', ')}; the mix ${(mix / result.pgbench.tps).toFixed(2)}`,
      );
    }
  }

  if (partOn('dashboards')) {
    console.log(
      `\n${DASHBOARDS} open dashboards (${FARM_DASHBOARDS} farm store, ${DASHBOARDS - FARM_DASHBOARDS} agents) polling for ${DASHBOARD_SECONDS} s after ${DASHBOARD_WARMUP} s …`,
    );
    currentPart = 'dashboards';
    const d = await simulateDashboards(port, {
      farmCookies: app.farmCookies,
      agentCookies: app.agentSessions.map((a) => a.cookie),
      count: DASHBOARDS,
      farmCount: FARM_DASHBOARDS,
      warmupMs: DASHBOARD_WARMUP * 1000,
      durationMs: DASHBOARD_SECONDS * 1000,
    });
    d.mixes = { farm: FARM_DASHBOARD, agent: AGENT_DASHBOARD };
    result.dashboards = d;
    console.log(
      `  offered ${Math.round(d.offeredPerSecond)} req/s, answered ${Math.round(d.requestsPerSecond)} req/s; p50 ${Math.round(d.latency.p50 ?? 0)} ms, p99 ${Math.round(d.latency.p99 ?? 0)} ms; ${d.notModified} × 304; ${d.errors} errors; ${d.skippedPolls} polls skipped (previous still out)`,
    );
  }

  if (partOn('rush') && (database.kind === 'postgres' || only.includes('rush'))) {
    currentPart = 'rush';
    const agents = agentsOnce.slice(0, RUSH.agents ?? agentsOnce.length);
    console.log(
      `\nThe morning rush: ${agents.length} agents acknowledge ${RUSH.deliveries} deliveries each and make ${RUSH.loans} loans within ${RUSH.seconds} s, while ${DASHBOARDS} dashboards poll …`,
    );
    await enoughFarmStock(port, farm);
    const prepared = await prepareRush(port, {
      farmCookie: farm,
      agents,
      deliveries: RUSH.deliveries,
      crates: RUSH.crates,
    });
    const dashboards = simulateDashboards(port, {
      farmCookies: app.farmCookies,
      agentCookies: app.agentSessions.map((a) => a.cookie),
      count: DASHBOARDS,
      farmCount: FARM_DASHBOARDS,
      warmupMs: DASHBOARD_WARMUP * 1000,
      durationMs: RUSH.seconds * 1000,
    });
    await sleep(DASHBOARD_WARMUP * 1000);
    const rush = await runRush(port, {
      agents: prepared,
      loans: RUSH.loans,
      lend: RUSH.lend,
      thinkMs: RUSH.thinkMs,
      spreadMs: RUSH.spread * RUSH.seconds * 1000,
    });
    const d = await dashboards;
    const invariant = await app.invariant();
    result.rush = { ...RUSH, agents: agents.length, ...rush, dashboards: { ...d, byPath: undefined }, invariant };
    console.log(
      `  ${rush.writes} writes in ${rush.seconds.toFixed(0)} s (the last agent done after ${rush.lastAgentDoneAfter.toFixed(0)} s): p50 ${Math.round(rush.latency.p50 ?? 0)} ms, p99 ${Math.round(rush.latency.p99 ?? 0)} ms, ${rush.errors} errors${rush.errors ? ` (${rush.errorSamples.join('; ')})` : ''}`,
    );
    console.log(
      `  dashboards: ${Math.round(d.requestsPerSecond)} req/s, p50 ${(d.latency.p50 ?? 0).toFixed(1)} ms, p99 ${(d.latency.p99 ?? 0).toFixed(1)} ms, ${d.errors} errors, ${d.skippedPolls} polls skipped`,
    );
    console.log(
      `  ledger invariant: ${invariant.ok ? 'holds' : `BROKEN: ${invariant.problems.slice(0, 5).join('; ')}`}`,
    );
  }

  if (partOn('events')) {
    console.log(`\n${STREAMS} event streams, ${EVENT_ROUNDS} changes every one of them may see …`);
    currentPart = 'events';
    const e = await measureStreams(port, {
      cookies: [...app.farmCookies.slice(0, 3), ...agentsOnce.map((a) => a.cookie)],
      count: STREAMS,
      rounds: EVENT_ROUNDS,
      change: (round) => setPrice(price.pricePerCrate + (round % 2 === 0 ? 500 : 0)),
      memory: app.memory,
    });
    if (EVENT_ROUNDS % 2 === 1) await setPrice(price.pricePerCrate);
    result.events = { ...e, withStreams: undefined, heapWithStreams: e.withStreams.heapUsed + e.withStreams.external };
    for (const [i, r] of e.rounds.entries()) {
      console.log(
        `  change ${i + 1}: answered in ${Math.round(r.answered)} ms; ${r.heard} of ${STREAMS} heard it, the last after ${Math.round(r.last ?? 0)} ms`,
      );
    }
  }

  const heapAtEnd = await app.memory();
  stopSampling();
  result.memory = {
    rssPeak: memory.peak,
    rssPeakByPart: memory.byPart,
    samples: memory.samples,
    heapAtStart: heapAtStart.heapUsed + heapAtStart.external,
    heapAtEnd: heapAtEnd.heapUsed + heapAtEnd.external,
    rssAtEnd: heapAtEnd.rss,
  };
  result.appReadyMs = appReadyMs;
  await app.stop();

  if (partOn('start')) {
    console.log('\n`npm start` on this database until it listens …');
    try {
      result.start = await timeNpmStart(database);
      console.log(
        `  ${result.start.runs.map((r) => `${Math.round(r.ms)} ms${r.builtClient ? ' (built the client first)' : ''}`).join(', ')}`,
      );
    } catch (err) {
      result.start = { error: err.message };
      console.log(`  failed: ${err.message}`);
    }
  }
  result.machine.loadAverageAtEnd = os.loadavg().map((l) => Math.round(l * 100) / 100);
  result.finishedAt = new Date().toISOString();

  const dir = join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const text = `${JSON.stringify(result, null, 2)}\n`;
  const key = `${database.kind}-${plan.size}${plan.shape === 'busy-week' ? '-busy-week' : ''}`;
  const files = [join(dir, 'latest.json'), ...(only.length === 0 ? [join(dir, `${key}.json`)] : [])];
  for (const file of files) writeFileSync(file, text);
  // In the repository's JSON style, so `biome check` passes on committed results.
  try {
    execFileSync(join(root, 'node_modules', '.bin', 'biome'), ['format', '--write', ...files], { stdio: 'ignore' });
  } catch {
    console.warn('(biome could not format the results; run npx biome format --write bench/results)');
  }
  console.log(`\nResults: bench/results/latest.json${only.length === 0 ? ` and bench/results/${key}.json` : ''}\n`);
  console.log(renderRun(result));

  const failed =
    result.rows.some((r) => r.errors > 0) ||
    (result.documents ?? []).some((d) => d.errors > 0) ||
    (result.cold ?? []).some((d) => d.errors > 0) ||
    (result.busyWeek?.errors ?? 0) > 0 ||
    (result.dashboards?.errors ?? 0) > 0 ||
    (result.rush ? result.rush.errors > 0 || result.rush.dashboards.errors > 0 || !result.rush.invariant.ok : false) ||
    (result.events?.rounds ?? []).some((r) => r.heard < STREAMS) ||
    Boolean(result.start?.error);
  return failed ? 1 : 0;
}

await runBench(main);
