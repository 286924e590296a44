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
    return { db, kind: 'postgres', url: options.url, close: () => pool.end() };
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
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
