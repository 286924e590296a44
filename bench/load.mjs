// The loads bench/api.mjs makes besides autocannon's: open dashboards polling like browsers, event
// streams waiting for a change, and a queue of one-off requests (the busy week's acknowledgements).
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { BROWSER_HEADERS, HOST, request, sleep, summarize } from './support.mjs';

/** §7's default polling interval: every read a screen makes that §2 names no interval for. */
const DEFAULT_POLL_MS = 3000;
const poll = (path, every = DEFAULT_POLL_MS) => ({ path, every });

/**
 * What an open dashboard polls and how often: SPEC §2 "Polling intervals" (farm store: transmissions
 * 5 s, pending suppliers 10 s, farm metrics 2 s; market agent: transmissions 3 s, earnings 5 s) and
 * §7's default of 3 s for every other read, with the queries the overview tabs and the sidebar make
 * (src/web). These are the intervals while the event stream is down; while it is up the client
 * relaxes them to a 30 s safety net, so this is the worst case.
 */
export const FARM_DASHBOARD = [
  poll('/api/dashboard/farm-metrics', 2000),
  poll('/api/transmissions/recent?limit=5', 5000),
  poll('/api/suppliers/crate-requests?status=pending', 5000),
  poll('/api/suppliers/pending', 10_000),
  poll('/api/produce-offers'),
  poll('/api/tenders'),
  poll('/api/transmissions/pending-count'),
  poll('/api/contact-messages/unread-count'),
  poll('/api/market-agents/for-transmission', 30_000),
];
export const AGENT_DASHBOARD = [
  poll('/api/transmissions/incoming?limit=500', 3000),
  poll('/api/transmissions/recent?limit=5', 3000),
  poll('/api/transmissions/pending-count'),
  poll('/api/market-agents/me'),
  poll('/api/clients?limit=500'),
  poll('/api/market-agents/earnings', 5000),
  poll('/api/market-agents/earnings/history', 5000),
];

const perSecond = (mix) => mix.reduce((sum, q) => sum + 1000 / q.every, 0);

/**
 * `count` dashboards (the first `farmCount` the farm store's, the rest agents'), each a browser with
 * its own session and up to 6 keep-alive connections, polling every query of its mix on a fixed
 * interval from a random start, like React Query's refetchInterval: a poll whose previous request is
 * still out is skipped. With `conditional`, a query that got an ETag sends If-None-Match next time, as
 * a browser does. Measures the requests started in the `durationMs` after a `warmupMs`.
 */
export async function simulateDashboards(port, { farmCookies, agentCookies, count, farmCount, warmupMs, durationMs }) {
  const latencies = [];
  const byPath = new Map();
  const status = {};
  let errors = 0;
  let resetsOnReusedSockets = 0;
  const errorSamples = new Set();
  let skipped = 0;
  let stopped = false;
  let unfinished = 0;
  let bytes = 0;
  let measuring = false;
  const timers = [];
  const agents = [];
  const pending = new Set();
  const record = (path, res) => {
    latencies.push(res.ms);
    const key = res.status || 'error';
    status[key] = (status[key] ?? 0) + 1;
    if (res.status !== 200 && res.status !== 304) {
      errors++;
      if (res.status === 0 && res.reused) resetsOnReusedSockets++;
      if (errorSamples.size < 5) errorSamples.add(res.error ?? `${res.status} ${res.body?.toString().slice(0, 120)}`);
    }
    bytes += res.body?.length ?? 0;
    if (!byPath.has(path)) byPath.set(path, { ms: [], notModified: 0 });
    const entry = byPath.get(path);
    entry.ms.push(res.ms);
    if (res.status === 304) entry.notModified++;
  };
  for (let i = 0; i < count; i++) {
    const farm = i < farmCount;
    const cookie = farm ? farmCookies[i % farmCookies.length] : agentCookies[(i - farmCount) % agentCookies.length];
    const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
    agents.push(agent);
    for (const query of farm ? FARM_DASHBOARD : AGENT_DASHBOARD) {
      const state = { busy: false, etag: null };
      const poll = () => {
        if (state.busy) {
          if (measuring) skipped++;
          return;
        }
        state.busy = true;
        const counted = measuring;
        const headers = state.etag ? { ...BROWSER_HEADERS, 'if-none-match': state.etag } : BROWSER_HEADERS;
        const done = request(port, { path: query.path, cookie, headers }, agent).then((res) => {
          state.busy = false;
          if (res.headers?.etag) state.etag = res.headers.etag;
          if (stopped && res.status === 0) unfinished++;
          else if (counted) record(query.path, res);
          pending.delete(done);
        });
        pending.add(done);
      };
      timers.push(
        setTimeout(() => {
          poll();
          timers.push(setInterval(poll, query.every));
        }, Math.random() * query.every),
      );
    }
  }
  await sleep(warmupMs);
  measuring = true;
  const started = performance.now();
  // The simulated browsers share one process: how busy it was says how far its own delays add to the
  // latencies it measures.
  const cpuBefore = process.cpuUsage();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  await sleep(durationMs);
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  lag.disable();
  const cpu = process.cpuUsage(cpuBefore);
  const generator = {
    cpuShareOfOneCore: (cpu.user + cpu.system) / 1e6 / seconds,
    eventLoopDelayP99: lag.percentile(99) / 1e6,
  };
  for (const t of timers) clearTimeout(t);
  // Requests still out finish (they were asked for within the measured time); past two minutes they
  // are cut and counted as unfinished, not as errors of the app.
  await Promise.race([Promise.allSettled([...pending]), sleep(120_000)]);
  stopped = true;
  for (const a of agents) a.destroy();
  await Promise.allSettled([...pending]);
  const offered = farmCount * perSecond(FARM_DASHBOARD) + (count - farmCount) * perSecond(AGENT_DASHBOARD);
  return {
    dashboards: count,
    farmDashboards: farmCount,
    agentDashboards: count - farmCount,
    seconds,
    offeredPerSecond: offered,
    requestsPerSecond: latencies.length / seconds,
    latency: summarize(latencies),
    notModified: status[304] ?? 0,
    status,
    errors,
    errorSamples: [...errorSamples],
    resetsOnReusedSockets,
    unfinished,
    skippedPolls: skipped,
    bytesPerSecond: bytes / seconds,
    generator,
    byPath: Object.fromEntries(
      [...byPath].map(([path, { ms, notModified }]) => {
        const s = summarize(ms);
        return [path, { count: s.count, notModified, p50: s.p50, p99: s.p99 }];
      }),
    ),
  };
}

/** Opens one event stream; resolves once its 'ready' event arrived. `onChange` gets each change's arrival time. */
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

/**
 * `count` event streams over `cookies` (one signed-in browser each, farm store and agents), then
 * `rounds` changes every one of them may see (the farm store sets a pepper price: a public change):
 * how long from sending it until the last stream heard it.
 */
export async function measureStreams(port, { cookies, count, rounds, change, memory }) {
  let arrivals = [];
  const streams = [];
  const opening = performance.now();
  try {
    for (let i = 0; i < count; i += 100) {
      const batch = [];
      for (let j = i; j < Math.min(count, i + 100); j++) {
        batch.push(openStream(port, cookies[j % cookies.length], (at) => arrivals.push(at)));
      }
      streams.push(...(await Promise.all(batch)));
    }
    const openedMs = performance.now() - opening;
    await sleep(2000);
    const withStreams = await memory();
    const results = [];
    for (let round = 0; round < rounds; round++) {
      arrivals = [];
      const sentAt = performance.now();
      await change(round);
      const answered = performance.now() - sentAt;
      const deadline = Date.now() + 30_000;
      while (arrivals.length < count && Date.now() < deadline) await sleep(5);
      const heard = arrivals.map((at) => at - sentAt);
      const s = summarize(heard);
      results.push({ answered, heard: heard.length, first: Math.min(...heard), p50: s.p50, last: s.max });
      await sleep(500);
    }
    return { streams: count, openedMs, withStreams, rounds: results };
  } finally {
    for (const req of streams) req.destroy();
  }
}

/**
 * Runs `tasks` (request options for support.request) `concurrency` at a time on keep-alive
 * connections: requests per second, latency percentiles and failures (a status ≥ 300 or no answer).
 */
export async function runTasks(port, tasks, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < tasks.length) {
      const res = await request(port, tasks[next++], agent);
      latencies.push(res.ms);
      if (res.status === 0 || res.status >= 300) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    requests: tasks.length,
    seconds,
    requestsPerSecond: tasks.length / seconds,
    latency: summarize(latencies),
    errors,
  };
}
