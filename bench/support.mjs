// What the bench scripts share: a free port on 127.0.0.1, a fresh database (a temporary PGlite
// directory or a throwaway PostgreSQL database on BENCH_DATABASE_URL), the app as a child process
// (bench/serve.ts), sign-in and JSON posts, and the clean-up of all of it, also on Ctrl-C or an error.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const HOST = '127.0.0.1';
const adminUrl = process.env.BENCH_DATABASE_URL;
const root = fileURLToPath(new URL('..', import.meta.url));

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
 * everything it created: every bench must leave no app, directory or database behind.
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

/** A fresh database: a temporary PGlite directory, or a throwaway database on BENCH_DATABASE_URL. */
export async function freshDatabase() {
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

/** The app's memory after a full collection (bench/serve.ts answers 'memory' on stdin). */
function memoryOf(child) {
  return new Promise((resolve) => {
    let buffered = '';
    const onData = (chunk) => {
      buffered += chunk;
      const line = buffered.split('\n').find((l) => l.startsWith('{"memory"'));
      if (!line) return;
      child.stdout.off('data', onData);
      resolve(JSON.parse(line).memory);
    };
    child.stdout.on('data', onData);
    child.stdin.write('memory\n');
  });
}

/** Starts bench/serve.ts and waits for its `{"ready": true}` line. */
export async function startApp(port, dbEnv, extraEnv = {}) {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(root, 'bench', 'serve.ts')], {
    cwd: root,
    env: { ...process.env, ...dbEnv, ...extraEnv, BENCH_PORT: String(port), DATABASE_URL: '' },
    stdio: ['pipe', 'pipe', 'inherit'],
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
      if (line) resolve({ ...JSON.parse(line), pid: child.pid, memory: () => memoryOf(child) });
    });
    exited.then((code) => reject(new Error(`the app exited (${code}) before it was ready`)));
  });
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

export async function post(base, cookie, path, body) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}
