// A PostgreSQL cluster of a test's own (decision 060): initdb into a temporary directory, started with
// pg_ctl on a free port, so the test may kill and restart it without touching the shared server. As
// root (CI) every PostgreSQL program runs as the `postgres` OS user (initdb refuses root), which owns the
// directory. Binaries: PG_BIN, else /usr/lib/postgresql/<newest>/bin, else the PATH.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.ts';

function binDir(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin/initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  try {
    return execFileSync('sh', ['-c', 'dirname "$(command -v initdb)"'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** Why no cluster can be made here, or null when one can. */
export function clusterUnavailable(): string | null {
  const bin = binDir();
  if (!bin || !existsSync(join(bin, 'initdb')) || !existsSync(join(bin, 'pg_ctl'))) {
    return 'no PostgreSQL server binaries (initdb, pg_ctl): install postgresql or set PG_BIN';
  }
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root, and there is no postgres OS user to run the cluster as';
    }
  }
  return null;
}

export type Cluster = {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: (database?: string) => string;
  port: number;
  /** Stops it the way a crash does: no checkpoint, every connection cut (pg_ctl stop -m immediate). */
  kill(): void;
  /** Starts it again on the same port and data (crash recovery runs). */
  start(): void;
  /** Stops it and removes its directory. */
  destroy(): void;
};

export async function startCluster(): Promise<Cluster> {
  const unavailable = clusterUnavailable();
  if (unavailable) throw new Error(`Cannot make a PostgreSQL cluster: ${unavailable}`);
  const bin = binDir()!;
  const dir = mkdtempSync(join(tmpdir(), 'cratekeeper-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const run = (program: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]]
      : [join(bin, program), args];
    try {
      execFileSync(file, argv, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    } catch (err) {
      const output = existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '';
      throw new Error(`${program} failed: ${(err as Error).message}\n${output}`);
    }
  };
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () => run('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
  start();
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    kill: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    start,
    destroy: () => {
      if (!existsSync(dir)) return;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
