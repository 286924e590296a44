// What the bench scripts share: a free port on 127.0.0.1, the bench's database (a temporary PGlite
// directory, or a PostgreSQL database on BENCH_DATABASE_URL, reused or made by bench/seed.ts), the
// app as a child process (bench/serve.ts), the bare node:http ceiling, `npm start`, the app's memory,
// plain HTTP requests, and the clean-up of all of it, also on Ctrl-C or an error.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureServerBuild } from '../scripts/build-server.mjs';
import { migrationsFingerprint } from './plan.ts';

export const HOST = '127.0.0.1';
const adminUrl = process.env.BENCH_DATABASE_URL;
export const root = fileURLToPath(new URL('..', import.meta.url));

export const cleanups = [];
export const cleanup = async () => {
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

/**
 * Runs a bench script's `main` and exits with the code it returns (1 if it throws), after removing
 * everything it created: every bench must leave no app, directory or throwaway database behind.
 */
export async function runBench(main) {
  let code = 1;
  try {
    code = await main();
  } catch (err) {
    console.error(err);
  } finally {
    await cleanup();
  }
  process.exit(code);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Kills a child we started (by its pid, never by name) and waits for it to exit. */
function stopChild(child, exited) {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
}

/** Spawns a child whose stdout we read line by line; `onLine` gets each line. */
function spawnChild(args, { env, onLine, stderr = 'inherit' }) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['pipe', 'pipe', stderr] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  let buffered = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    let end = buffered.indexOf('\n');
    while (end !== -1) {
      onLine?.(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf('\n');
    }
  });
  const stop = stopChild(child, exited);
  cleanups.push(stop);
  return { child, exited, stop };
}

/** Runs bench/seed.ts with `env` added; resolves with its `{"seeded": …}` summary. */
export function runSeed(env) {
  return new Promise((resolve, reject) => {
    let seeded = null;
    const { exited } = spawnChild(['--import', 'tsx', join(root, 'bench', 'seed.ts')], {
      env: { ...process.env, ...env },
      onLine: (line) => {
        if (line.startsWith('{"seeded"')) seeded = JSON.parse(line).seeded;
      },
    });
    exited.then((code) => (code === 0 && seeded ? resolve(seeded) : reject(new Error(`bench:seed failed (${code})`))));
  });
}

/** The plan a database was seeded with, from its marker (PostgreSQL: the database's comment). */
async function seededPlan(name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      `select shobj_description(oid, 'pg_database') as marker from pg_database where datname = $1`,
      [name],
    );
    if (rows.length === 0 || !rows[0].marker) return null;
    return JSON.parse(rows[0].marker);
  } catch {
    return null;
  } finally {
    await admin.end();
  }
}

const samePlan = (a, b) =>
  ['size', 'shape', 'agents', 'clientsPerAgent', 'transmissions', 'loans', 'cycles', 'busyWeek'].every(
    (k) => a?.[k] === b?.[k],
  );

/**
 * The bench's database for `plan` (bench/farm.ts planFromEnv):
 * - PGlite: a temporary directory seeded afresh (seconds at the small size), removed at the end;
 * - PostgreSQL, normal shape: the reusable cratekeeper_bench_<size> (or BENCH_DATABASE_NAME), seeded
 *   when it is missing or was built with another plan (BENCH_RESEED=1 forces it), kept;
 * - PostgreSQL, busy-week shape: a throwaway cratekeeper_bench_<random> (the run acknowledges the busy
 *   week, so the shape is used up), dropped unless BENCH_KEEP_DATABASE=1.
 */
export async function benchDatabase(plan) {
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'cratekeeper-bench-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const seeded = await runSeed({ BENCH_DATA_DIR: dir });
    return { kind: 'pglite', env: { BENCH_DATA_DIR: dir }, label: 'PGlite', dataDir: dir, seeded, reused: false };
  }
  const url = (name) => {
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    return u.toString();
  };
  if (plan.shape === 'normal' && process.env.BENCH_RESEED !== '1') {
    const name = process.env.BENCH_DATABASE_NAME || `cratekeeper_bench_${plan.size}`;
    const marker = await seededPlan(name);
    let seeded = null;
    if (marker && samePlan(marker.plan, plan) && marker.migrations === migrationsFingerprint()) {
      console.log(`Reusing ${name} (seeded ${marker.seededAt}; npm run bench:seed makes it afresh).`);
    } else {
      console.log(`Seeding ${name} (${marker ? 'its plan or the migrations changed; ' : ''}kept for the next runs) …`);
      seeded = await runSeed({ BENCH_DATABASE_NAME: name });
    }
    return {
      kind: 'postgres',
      env: { BENCH_DB_URL: url(name) },
      url: url(name),
      label: `PostgreSQL (${name})`,
      seeded: seeded ?? { plan: marker.plan, seededAt: marker.seededAt },
      reused: !seeded,
    };
  }
  const name = `cratekeeper_bench_${randomBytes(5).toString('hex')}`;
  const drop = async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  if (process.env.BENCH_KEEP_DATABASE === '1') {
    console.log(`Keeping the database ${name} (drop it with: drop database ${name} with (force))`);
  } else {
    cleanups.push(drop);
  }
  const seeded = await runSeed({ BENCH_DATABASE_NAME: name });
  return { kind: 'postgres', env: { BENCH_DB_URL: url(name) }, url: url(name), label: `PostgreSQL (${name})`, seeded };
}

/** The resident set of a process in bytes (Linux), or null once it is gone. */
export function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status);
    return kb ? Number(kb[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The app's memory after a full collection (bench/serve.ts answers 'memory' on stdin). */
function memoryOf(child, waiters) {
  return new Promise((resolve) => {
    waiters.push(resolve);
    child.stdin.write('memory\n');
  });
}

/**
 * Starts bench/serve.ts and waits for its `{"ready": true}` line. It runs bundled, as `npm start` runs
 * the app (scripts/build-server.mjs, decision 034): through tsx it would hold ~85 MB more.
 */
export async function startApp(port, dbEnv, extraEnv = {}) {
  const serve = await ensureServerBuild({
    entry: 'bench/serve.ts',
    outdir: join(root, '.tmp', 'bench-serve'),
    log: (line) => console.error(line),
  });
  const waiters = [];
  return new Promise((resolve, reject) => {
    const { child, exited, stop } = spawnChild(['--expose-gc', serve], {
      env: { ...process.env, ...dbEnv, ...extraEnv, BENCH_PORT: String(port), DATABASE_URL: '' },
      onLine: (line) => {
        if (line.startsWith('{"ready"')) {
          resolve({ ...JSON.parse(line), pid: child.pid, memory: () => memoryOf(child, waiters), stop });
        } else if (line.startsWith('{"memory"')) {
          waiters.shift()?.(JSON.parse(line).memory);
        }
      },
    });
    exited.then((code) => reject(new Error(`the app exited (${code}) before it was ready`)));
  });
}

/** The ceiling: a bare node:http server in its own process answering one fixed JSON body. */
export function startBare(port) {
  return new Promise((resolve, reject) => {
    const { exited, stop } = spawnChild([join(root, 'bench', 'bare.mjs'), String(port)], {
      env: process.env,
      onLine: (line) => {
        if (line.startsWith('{"ready"')) resolve({ stop });
      },
    });
    exited.then((code) => reject(new Error(`the bare server exited (${code})`)));
  });
}

/**
 * `npm start` (node scripts/start.mjs) on the bench's database: milliseconds from the spawn until it
 * says it is listening. A start that first builds the client is timed again without the build.
 */
export async function timeNpmStart(database) {
  // PostgreSQL keeps no data in DATA_DIR, but the app may write there (backups): a directory of its own.
  let dataDir = database.dataDir;
  if (!dataDir) {
    dataDir = mkdtempSync(join(tmpdir(), 'cratekeeper-bench-start-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  }
  const attempt = async () => {
    const port = await freePort();
    const env = {
      ...process.env,
      PORT: String(port),
      HOST,
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.kind === 'postgres' ? database.url : '',
      DATA_DIR: dataDir,
    };
    const started = performance.now();
    let built = false;
    let said = '';
    const listening = new Promise((resolve, reject) => {
      const { child, exited, stop } = spawnChild([join(root, 'scripts', 'start.mjs')], {
        env,
        stderr: 'pipe',
        onLine: (line) => {
          if (/Building the (client|server)/.test(line)) built = true;
          if (line.includes('Cratekeeper is running')) resolve({ ms: performance.now() - started, stop });
        },
      });
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk) => {
        said = (said + chunk).slice(-2000);
      });
      exited.then((code) =>
        reject(
          new Error(`npm start exited (${code}) before it listened: ${said.trim().split('\n').slice(-3).join(' / ')}`),
        ),
      );
    });
    const { ms, stop } = await listening;
    await stop();
    return { ms, built };
  };
  // Other work may leave the client's sources newer than its build: such a start builds it first, and
  // is timed again (up to three starts) so the figure is a start on an existing database.
  const runs = [];
  for (let i = 0; i < 3; i++) {
    runs.push(await attempt());
    if (!runs.at(-1).built) break;
  }
  const last = runs.at(-1);
  return { ms: last.ms, built: last.built, runs: runs.map((r) => ({ ms: r.ms, builtClient: r.built })) };
}

/** One HTTP request on `agent`; resolves with status, headers, body size and milliseconds. */
/** What every browser sends with a read: the app gzips big answers it holds in memory for them. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export function request(port, { method = 'GET', path, cookie, body, headers = {} }, agent) {
  return new Promise((resolve) => {
    const started = performance.now();
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: HOST,
        port,
        method,
        path,
        agent,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
        res.on('error', (err) => resolve({ status: 0, error: err.message, ms: performance.now() - started }));
      },
    );
    // A reset on a kept-alive connection the server had just closed is one a browser retries silently.
    req.on('error', (err) =>
      resolve({ status: 0, error: err.message, reused: req.reusedSocket, ms: performance.now() - started }),
    );
    if (data) req.write(data);
    req.end();
  });
}

/** A JSON call that must succeed (set-up steps, not measurements). */
export async function call(port, options) {
  const res = await request(port, options);
  if (res.status === 0 || res.status >= 300) {
    throw new Error(`${options.method ?? 'GET'} ${options.path}: ${res.status} ${res.error ?? res.body?.toString()}`);
  }
  return res.body.length ? JSON.parse(res.body.toString()) : null;
}

export async function signIn(base, email, password) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ck_session='));
  return cookie.split(';')[0];
}

/** Percentiles of a list of milliseconds. */
export function summarize(values) {
  if (values.length === 0) return { count: 0, p50: null, p90: null, p99: null, max: null, mean: null };
  const sorted = Float64Array.from(values).sort();
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length;
  return { count: sorted.length, p50: at(50), p90: at(90), p99: at(99), max: sorted[sorted.length - 1], mean };
}
