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

async function openPostgres(
  options: { url: string; poolSize?: number },
  { migrate = true, migrations = migrationsFolder }: OpenOptions,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
  // An idle client's network error must not crash the process; the next query reconnects.
  pool.on('error', () => {});
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
    try {
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', key);
      if (!rows[0]?.ok) return false;
      try {
        await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1, $2)', key);
      }
      return true;
    } finally {
      client.release();
    }
  };
  return { db, kind: 'postgres', url: options.url, close: () => pool.end(), tryWithLock };
}

async function openPglite(
  options: { dataDir: string } | { memory: true; loadDataDir?: Blob },
  { migrate = true, migrations = migrationsFolder }: OpenOptions,
): Promise<Database> {
  let client: PGlite;
  if ('dataDir' in options) {
    const dir = join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create({ dataDir: dir, startParams: pgliteStartParams });
  } else {
    client = await PGlite.create({ loadDataDir: options.loadDataDir, startParams: pgliteStartParams });
  }
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
  return { db, kind: 'pglite', pglite: client, close: () => client.close(), tryWithLock };
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
