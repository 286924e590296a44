// An app of its own on its own embedded database and a free port: every spec file's farm (test.ts)
// and a second app for a journey that needs other settings. The database is a copy of the migrated
// template made once per run (global-setup.ts), so start-up skips the migrations. FARM_TIMEZONE moves
// the farm's calendar day: the same database restarted in a time zone a day ahead is the next farm
// day, with nothing back-dated (the app has no way to back-date, by design).
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_FARM_CODE } from '../../../playwright.config.ts';
import { freePort } from '../../support/ports.ts';

/** UTC−12 and UTC+14: at any moment the second zone's date is one or two days after the first's. */
export const WESTMOST_ZONE = 'Etc/GMT+12';
export const EASTMOST_ZONE = 'Pacific/Kiritimati';

/** Today in `timeZone`, YYYY-MM-DD: the server's own farmToday; addDays is its calendar arithmetic. */
export { addDays, farmToday as todayIn } from '../../../src/server/lib/farm-date.ts';

/** Where global-setup.ts left the migrated template (its `pglite` folder), for this run. */
export const TEMPLATE_ENV = 'E2E_TEMPLATE_DIR';
/** The server bundle global-setup.ts built for this run (its index.mjs). */
export const SERVER_BUNDLE_ENV = 'E2E_SERVER_BUNDLE';

export type OwnServer = {
  baseURL: string;
  /** The app's log (warnings and errors). */
  logFile: string;
  /** Stops the app (its database closed cleanly) and starts it again on the same database and port. */
  restart: (env: Record<string, string>) => Promise<void>;
  /** Stops the app and removes its database (its log stays in .tmp/e2e-farm-<port>.log). */
  dispose: () => Promise<void>;
};

export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  // The free port is free when probed; another process could take it before the app listens. Rare,
  // and then a second port is tried rather than the spec failing.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePort(), env);
    } catch (err) {
      if (attempt >= 3 || !String(err).includes('EADDRINUSE')) throw err;
    }
  }
}

async function startOn(port: number, env: Record<string, string>): Promise<OwnServer> {
  const dataDir = `.tmp/e2e-farm-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  // A closed PGlite data directory is a stopped cluster's files: copying them is a clean clone.
  const template = process.env[TEMPLATE_ENV];
  if (template && existsSync(join(template, 'pglite'))) {
    cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  }
  const baseURL = `http://localhost:${port}`;
  // The app's log (warnings and errors), kept beside its database for a failed run to be read.
  const logFile = `${dataDir}.log`;
  rmSync(logFile, { force: true });
  let child: ChildProcess | null = null;
  let output = '';

  const start = async (extra: Record<string, string>) => {
    output = '';
    const bundle = process.env[SERVER_BUNDLE_ENV];
    const command = bundle ? [bundle] : ['--import', 'tsx', 'src/server/index.ts'];
    child = spawn(process.execPath, command, {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        FARM_ACCESS_CODE: E2E_FARM_CODE,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        DEMO: '',
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk) => {
        output += chunk;
        appendFileSync(logFile, chunk);
      });
    }
    const exited = new Promise<never>((_, reject) =>
      child?.once('exit', (code) => reject(new Error(`the app exited (${code}) before it answered:\n${output}`))),
    );
    // Only the race below listens; an exit after start-up (a stop) is not an error.
    exited.catch(() => {});
    const deadline = Date.now() + 90_000;
    const healthy = (async () => {
      while (Date.now() < deadline) {
        const ok = await fetch(`${baseURL}/api/health`).then(
          (res) => res.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`the app did not answer on ${baseURL} within 90 s:\n${output}`);
    })();
    await Promise.race([healthy, exited]);
  };

  /** Graceful (the database closed cleanly, to be opened again) unless it is about to be deleted. */
  const stop = async ({ graceful = true } = {}) => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const gone = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill(graceful ? 'SIGTERM' : 'SIGKILL');
    const timer = setTimeout(() => running.kill('SIGKILL'), 15_000);
    await gone;
    clearTimeout(timer);
  };

  try {
    await start(env);
  } catch (err) {
    await stop({ graceful: false });
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    baseURL,
    logFile,
    restart: async (next) => {
      await stop();
      await start(next);
    },
    dispose: async () => {
      // The database goes with it: no need to wait for a clean shutdown (seconds on a busy machine).
      await stop({ graceful: false });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
