// Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both speak the same SQL and get the same migrations at start-up.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { CONNECT_TIMEOUT_MS, EmbeddedDatabaseStopped, freeBytes, isPanic } from './faults.ts';
import { createEmbeddedDirectory } from './first-start.ts';
import * as schema from './schema/index.ts';

// One type for both drivers: they share Drizzle's PostgreSQL query builder.
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a repository takes: the database or an open transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PostgreSQL's connection string: the change-event listener opens its own LISTEN connection. */
  url?: string;
  /** The embedded database itself, for test snapshots and its in-process LISTEN/NOTIFY. */
  pglite?: PGlite;
  /**
   * Runs `fn` while holding the lock `key` unless someone holds it already (then false): a
   * PostgreSQL session advisory lock shared by every instance; on PGlite, which one process owns,
   * an in-process lock.
   */
  tryWithLock(key: [number, number], fn: () => Promise<void>): Promise<boolean>;
  /**
   * The embedded database: `listener` is told once if it PANICs (a write-ahead-log write failed), after
   * which it runs no more queries; each one fails at once (decision 060). Never on PostgreSQL.
   */
  onFatal(listener: (err: Error) => void): void;
  /** PostgreSQL: `listener` is told whenever the pool opens a new connection (after an outage: it is back). */
  onConnect(listener: () => void): void;
  /** The embedded database in a directory: the free bytes on its file system. */
  freeBytes?: () => number;
};

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_LOCK = 727_001; // pg_advisory_lock key: one instance migrates at a time

/**
 * What the embedded database runs with besides PGlite's own start parameters (decision 034). initdb
 * writes `shared_buffers = 128MB` into the data directory, and PGlite zeroes all of its shared memory
 * at every start: ~1–1.5 s and ~120 MB resident that a farm's database of tens of MB doesn't need
 * (a page read again comes from the OS's file cache). `maintenance_work_mem` bounds what a migration's
 * CREATE INDEX or a vacuum grows the WebAssembly memory to: it never shrinks again.
 */
export const PGLITE_SETTINGS = { shared_buffers: '16MB', maintenance_work_mem: '16MB' };
export const pgliteStartParams = [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  | { dataDir: string }
  | { memory: true; loadDataDir?: Blob };

/** What opening does besides connecting: migrate (from `migrations`, the app's own unless tests say). */
type OpenOptions = { migrate?: boolean; migrations?: string };

export async function openDatabase(options: DatabaseOptions, open: OpenOptions = {}): Promise<Database> {
  return 'url' in options ? openPostgres(options, open) : openPglite(options, open);
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void;

/**
 * A pool whose checked-out client goes back (and is discarded) as soon as its connection dies, its
 * owner's own release then doing nothing. Drizzle's transaction() releases its client only once BEGIN
 * succeeded: each transaction whose BEGIN met a dying server kept a dead client checked out for ever,
 * and after a few outages the pool had none left to hand out (found by the outage test, decision 060).
 */
class ReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // pool.query() checks out with a callback and releases on every path itself.
    if (callback) {
      super.connect(callback as never);
      return undefined;
    }
    return super.connect().then((client) => {
      const release = client.release;
      let released = false;
      const releaseOnce = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', releaseOnce);
        release(err);
      };
      client.on('error', releaseOnce);
      client.release = releaseOnce;
      return client;
    });
  }
}

// Long: the pool, its listeners, the migration and the advisory lock share the pool; apart they would pass it around.
async function openPostgres(
  options: { url: string; poolSize?: number },
  { migrate = true, migrations = migrationsFolder }: OpenOptions,
): Promise<Database> {
  // A request that needs a connection while the server is away fails within CONNECT_TIMEOUT_MS (503,
  // decision 060) instead of waiting for one; keepAlive notices a peer that vanished without a word.
  const pool = new ReleasingPool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  const connectListeners = new Set<() => void>();
  // An idle client's network error must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    // Nor a checked-out one's (a transaction's, a held lock's) when the server dies under it: its query
    // fails, and the pool discards the client when it is released.
    client.on('error', () => {});
    for (const listener of connectListeners) listener();
  });
  const db = drizzlePg(pool, { schema });
  if (migrate && !(await migrationsApplied((text) => pool.query(text), migrations))) {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      // Migrate on the connection that holds the lock: a pool of one can't hand out a second.
      await migratePg(drizzlePg(lockClient), { migrationsFolder: migrations });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      lockClient.release();
    }
  }
  const tryWithLock = async (key: [number, number], fn: () => Promise<void>) => {
    const client = await pool.connect();
    // A connection that failed (the server went away while the lock was held: the lock went with it)
    // is not handed out again; the next run takes the lock on a new one.
    let failed: Error | undefined;
    try {
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', key);
      if (!rows[0]?.ok) return false;
      try {
        await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1, $2)', key);
      }
      return true;
    } catch (err) {
      failed = err as Error;
      throw err;
    } finally {
      client.release(failed);
    }
  };
  return {
    db,
    kind: 'postgres',
    url: options.url,
    close: () => pool.end(),
    tryWithLock,
    onFatal: () => {},
    onConnect: (listener) => void connectListeners.add(listener),
  };
}

async function openPglite(
  options: { dataDir: string } | { memory: true; loadDataDir?: Blob },
  { migrate = true, migrations = migrationsFolder }: OpenOptions,
): Promise<Database> {
  let client: PGlite;
  if ('dataDir' in options) {
    const dir = join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    await createEmbeddedDirectory(dir, pgliteStartParams);
    client = await PGlite.create({ dataDir: dir, startParams: pgliteStartParams });
  } else {
    client = await PGlite.create({ loadDataDir: options.loadDataDir, startParams: pgliteStartParams });
  }
  const fatal = stopAfterPanic(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // Drizzle's migrator reads and hashes every migration and runs DDL and a transaction even when there
  // is nothing to do; the embedded database's start is on the clock (decision 034).
  if (migrate && !(await migrationsApplied((text) => client.query(text), migrations))) {
    await migratePglite(drizzlePglite(client), { migrationsFolder: migrations });
  }
  const held = new Set<string>();
  const tryWithLock = async (key: [number, number], fn: () => Promise<void>) => {
    const name = key.join(':');
    if (held.has(name)) return false;
    held.add(name);
    try {
      await fn();
    } finally {
      held.delete(name);
    }
    return true;
  };
  const dataDir = 'dataDir' in options ? options.dataDir : null;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    // After a PANIC, closing would ask the dead database to check-point: it would never answer.
    close: async () => (fatal.stopped() ? undefined : client.close()),
    tryWithLock,
    onFatal: fatal.onFatal,
    onConnect: () => {},
    ...(dataDir ? { freeBytes: () => freeBytes(dataDir) } : {}),
  };
}

type Protocol = 'execProtocol' | 'execProtocolStream' | 'execProtocolRaw' | 'execProtocolRawStream';

/**
 * PGlite after a PANIC (found by experiment, decision 060: a write-ahead-log segment it could not write
 * on a full disk) answers that one query with the error, and the next query it is given spins inside
 * WebAssembly on the main thread for ever — the whole process stops answering. So every call into it
 * goes through here: the PANIC is reported once, and every later call fails at once without entering it.
 */
function stopAfterPanic(client: PGlite) {
  let panic: Error | null = null;
  const listeners = new Set<(err: Error) => void>();
  const target = client as unknown as Record<Protocol, (...args: unknown[]) => Promise<unknown>>;
  for (const name of ['execProtocol', 'execProtocolStream', 'execProtocolRaw', 'execProtocolRawStream'] as const) {
    const original = target[name].bind(client);
    target[name] = async (...args: unknown[]) => {
      if (panic) throw new EmbeddedDatabaseStopped(panic);
      try {
        return await original(...args);
      } catch (err) {
        if (isPanic(err) && !panic) {
          panic = err;
          for (const listener of listeners) listener(err);
        }
        throw err;
      }
    };
  }
  return {
    stopped: () => panic !== null,
    onFatal: (listener: (err: Error) => void) => {
      listeners.add(listener);
      if (panic) listener(panic);
    },
  };
}

/**
 * Whether the database holds every migration in the journal, by the rule drizzle's migrator applies:
 * a migration runs when its journal time is later than that of the last one applied.
 */
export async function migrationsApplied(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
  folder = migrationsFolder,
): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const latest = Math.max(...journal.entries.map((entry) => entry.when));
  const { rows } = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!rows[0]?.present) return false;
  const applied = await query('select max(created_at) as last from drizzle.__drizzle_migrations');
  return Number(applied.rows[0]?.last ?? 0) >= latest;
}

// Fields of a PostgreSQL error that name the place, never a value (detail, where and the query's
// parameters can hold an e-mail or a password hash).
const SAFE_ERROR_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
  'routine',
  'statusCode',
];

export type LoggedError = { type: string; message: string; stack: string; [field: string]: unknown };

/**
 * The log's error serializer: type, message, stack and the safe fields above, through the cause
 * chain. A failed Drizzle query keeps its SQL text but not its parameters.
 */
export function errorForLog(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: 'a thrown value that is not an Error', stack: '' };
  // Drizzle's message is the SQL plus its parameters; the driver's own error keeps its message.
  const failedQuery = typeof (err as { query?: unknown }).query === 'string' && err.message.startsWith('Failed query:');
  const message = failedQuery ? `Failed query: ${(err as unknown as { query: string }).query}` : err.message;
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: LoggedError = {
    type: err.constructor?.name ?? err.name,
    message,
    stack: [`${err.name}: ${message}`, ...frames].join('\n'),
  };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = (err as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (err.cause !== undefined && depth < 5) out.cause = errorForLog(err.cause, depth + 1);
  return out;
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
