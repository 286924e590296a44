// Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both speak the same SQL and get the same migrations at start-up.
import { mkdirSync } from 'node:fs';
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

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  | { dataDir: string }
  | { memory: true; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions, { migrate = true } = {}): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client's network error must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    if (migrate) {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        // Migrate on the connection that holds the lock: a pool of one can't hand out a second.
        await migratePg(drizzlePg(lockClient), { migrationsFolder });
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

  let client: PGlite;
  if ('dataDir' in options) {
    const dir = join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create({ dataDir: dir });
  } else {
    client = await PGlite.create({ loadDataDir: options.loadDataDir });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (migrate) await migratePglite(drizzlePglite(client), { migrationsFolder });
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

// Fields of a PostgreSQL error that name the place, never a value (detail, where and the query's
// parameters can hold an e-mail or a password hash, issue 7).
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
