// PostgreSQL's own yardstick for the writes (decision 080): pgbench's tpcb-like script at scale 1 (one
// branch row every transaction updates, as every delivery updates the farm's stock row), run by
// bench/api.mjs against the same server in the same run, from the same machine (so it shares the
// cores with the server as the app and its load do). It runs on a throwaway database of its own,
// `<BENCH_DATABASE_NAME or cratekeeper_bench>_pgbench_<random>`, dropped at the end.
//
// Knobs: BENCH_PGBENCH (the pgbench binary; default /usr/lib/postgresql/15/bin/pgbench, else `pgbench`
// on PATH), BENCH_PGBENCH_SECONDS (20), BENCH_PGBENCH_CLIENTS (50).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { backendsOf, cleanups, cpuMeter } from './support.mjs';

const DEBIAN_PGBENCH = '/usr/lib/postgresql/15/bin/pgbench';

/** Runs `file`; `done` resolves with its stdout, `pid` is its process id. */
const start = (file, args, env) => {
  let child;
  const done = new Promise((resolve, reject) => {
    child = execFile(file, args, { env: { ...process.env, ...env }, maxBuffer: 16 * 2 ** 20 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${file} ${args.join(' ')}: ${stderr || err.message}`)) : resolve(stdout),
    );
  });
  return { pid: child.pid, done };
};

/** What `pgbench` printed: transactions per second, mean latency, failed transactions. */
export function parsePgbench(stdout) {
  const number = (re) => {
    const m = re.exec(stdout);
    return m ? Number(m[1]) : null;
  };
  return {
    tps: number(/^tps = ([\d.]+) \(without initial connection time\)/m),
    latencyAverageMs: number(/^latency average = ([\d.]+) ms/m),
    transactions: number(/^number of transactions actually processed: (\d+)/m),
    failed: number(/^number of failed transactions: (\d+)/m) ?? 0,
  };
}

/**
 * `pgbench -i -s 1` on a new database on the server of `adminUrl`, then `pgbench -c 50 -j 2 -T 20 -b
 * tpcb-like` on it; the database is dropped afterwards. Resolves with the figures and the load average
 * before and after.
 */
export async function measurePgbench(adminUrl) {
  const seconds = Number(process.env.BENCH_PGBENCH_SECONDS ?? 20);
  const clients = Number(process.env.BENCH_PGBENCH_CLIENTS ?? 50);
  const binary = process.env.BENCH_PGBENCH ?? (existsSync(DEBIAN_PGBENCH) ? DEBIAN_PGBENCH : 'pgbench');
  const name = `${process.env.BENCH_DATABASE_NAME || 'cratekeeper_bench'}_pgbench_${randomBytes(4).toString('hex')}`;
  const u = new URL(adminUrl);
  const env = { PGHOST: u.hostname, PGPORT: u.port || '5432', PGUSER: decodeURIComponent(u.username || 'postgres') };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const admin = async (text) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const drop = () => admin(`drop database if exists ${name} with (force)`);
  cleanups.push(drop);
  try {
    await start(binary, ['-i', '-s', '1', '-q', name], env).done;
    const loadAverageAtStart = os.loadavg().map((l) => Math.round(l * 100) / 100);
    const args = ['-c', String(clients), '-j', '2', '-T', String(seconds), '-b', 'tpcb-like', name];
    const u2 = new URL(adminUrl);
    u2.pathname = `/${name}`;
    const backends = await backendsOf(u2.toString());
    const running = start(binary, args, env);
    // CPU per transaction, as the writes count theirs: the server's backends and the client (pgbench).
    const server = cpuMeter(backends.pids);
    const client = cpuMeter(async () => [running.pid]);
    const out = parsePgbench(await running.done);
    const cpu = { database: await server(), client: await client() };
    await backends.close();
    return {
      command: `pgbench ${args.slice(0, -1).join(' ')}`,
      scale: 1,
      clients,
      seconds,
      ...out,
      cpuMsPerTransaction: out.transactions
        ? { database: cpu.database / out.transactions, client: cpu.client / out.transactions }
        : null,
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg().map((l) => Math.round(l * 100) / 100),
    };
  } finally {
    cleanups.splice(cleanups.indexOf(drop), 1);
    await drop();
  }
}
