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
import autocannon from 'autocannon';
import { cleanups, freePort, freshDatabase, HOST, post, runBench, signIn, startApp } from './support.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ONLY = process.env.BENCH_ONLY;

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

await runBench(main);
