// `npm run bench` (second part): what idle live-update streams cost (issue 10, docs/decisions/016).
// Starts the app (bench/serve.ts) on a fresh, lightly seeded database, opens BENCH_STREAMS (2000)
// concurrent GET /api/events streams as the farm store, measures the app's memory before and after
// (heap and buffers after a full collection, asked of the child), then makes one change (a stock adjustment) a few times and
// measures how long until the last stream hears of it. Needs a file-descriptor limit above the
// stream count for both processes (ulimit -n; Node raises its soft limit to the hard one).
import http from 'node:http';
import { cleanups, freePort, freshDatabase, HOST, post, runBench, signIn, startApp } from './support.mjs';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
const ROUNDS = Number(process.env.BENCH_EVENT_ROUNDS ?? 5);
const OPEN_AT_ONCE = 100;

/** The app's JavaScript memory after a full collection: heap plus buffers outside it. */
const usedBy = (memory) => memory.heapUsed + memory.external;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Opens one stream; resolves once its 'ready' event arrived. `onChange` gets each change's arrival time. */
function openStream(port, cookie, onChange) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: HOST, port, path: '/api/events', headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`GET /api/events: ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.includes('event: ready')) resolve(req);
            else if (block.includes('event: change')) onChange(performance.now());
            end = buffer.indexOf('\n\n');
          }
        });
      },
    );
    req.on('error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const port = await freePort();
  const database = await freshDatabase();
  console.log(`Live-update streams: ${STREAMS} on ${database.label}, app on http://${HOST}:${port} …`);
  const ready = await startApp(port, database.env, { BENCH_TRANSMISSIONS: '0' });
  const base = `http://${HOST}:${port}`;
  const farm = await signIn(base, ready.farm, ready.password);
  await post(base, farm, '/api/farm-store/stock-adjustments', { quantity: 1000, reason: 'Bench stock' });

  // Warm the route, then the baseline.
  const warm = await openStream(port, farm, () => {});
  warm.destroy();
  await sleep(1000);
  const before = await ready.memory();

  let arrivals = [];
  const requests = [];
  const started = performance.now();
  for (let i = 0; i < STREAMS; i += OPEN_AT_ONCE) {
    const batch = [];
    for (let j = i; j < Math.min(STREAMS, i + OPEN_AT_ONCE); j++) {
      batch.push(openStream(port, farm, (at) => arrivals.push(at)));
    }
    requests.push(...(await Promise.all(batch)));
  }
  cleanups.push(async () => {
    for (const req of requests) req.destroy();
  });
  const openedIn = performance.now() - started;
  await sleep(3000);
  const after = await ready.memory();

  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    arrivals = [];
    const sentAt = performance.now();
    await post(base, farm, '/api/farm-store/stock-adjustments', { quantity: 1, reason: `Bench change ${round + 1}` });
    const committedAt = performance.now();
    const deadline = Date.now() + 30_000;
    while (arrivals.length < STREAMS && Date.now() < deadline) await sleep(5);
    if (arrivals.length < STREAMS) throw new Error(`only ${arrivals.length} of ${STREAMS} streams heard the change`);
    const sorted = arrivals.map((at) => at - sentAt).sort((a, b) => a - b);
    rounds.push({ request: committedAt - sentAt, first: sorted[0], p50: percentile(sorted, 50), last: sorted.at(-1) });
    await sleep(500);
  }
  const peak = await ready.memory();

  const f = (v) => `${Math.round(v)} ms`;
  console.log(`\n${database.label}: ${STREAMS} idle streams opened in ${(openedIn / 1000).toFixed(1)} s`);
  const perStream = (usedBy(after) - usedBy(before)) / STREAMS / 1024;
  console.log(
    `app memory after a full GC (heap + external): ${mb(usedBy(before))} before, ${mb(usedBy(after))} with the streams open: ${perStream.toFixed(1)} KB per stream; ${mb(usedBy(peak))} after ${ROUNDS} changes`,
  );
  console.log(
    `(resident set: ${mb(before.rss)} → ${mb(after.rss)}; it moves with the allocator and, on PGlite, holds the embedded database, so the heap is the measure)\n`,
  );
  console.log('| change | POST answered | first stream | median stream | last stream |');
  console.log('|--:|--:|--:|--:|--:|');
  rounds.forEach((r, i) => {
    console.log(`| ${i + 1} | ${f(r.request)} | ${f(r.first)} | ${f(r.p50)} | ${f(r.last)} |`);
  });
  console.log('\n(times from sending the change; every stream heard every change)');
  return 0;
}

await runBench(main);
