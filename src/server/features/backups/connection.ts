// The one thing backup and restore need from a database: plain SQL in one transaction, on PGlite or
// PostgreSQL alike (decision 026). Values travel as PostgreSQL's own text, so no driver's type
// parsing stands between the database and the file.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../db/client.ts';

export type Sql = {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  /** One or more statements without parameters (a migration file's chunk). */
  exec(text: string): Promise<void>;
};

export type BackupConnection = {
  kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction, committed when fn resolves and rolled back when it throws. */
  transaction<T>(mode: 'snapshot' | 'write', fn: (sql: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

// Text forms that read back the same everywhere: UTC ISO timestamps, shortest exact floats, hex bytea.
const SESSION_SETTINGS = [
  "set local timezone = 'UTC'",
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'postgres'",
  'set local extra_float_digits = 1',
  "set local bytea_output = 'hex'",
  'set local client_min_messages = warning',
];

async function begin(sql: Sql, mode: 'snapshot' | 'write') {
  // A snapshot is one REPEATABLE READ transaction: every table as of the same instant.
  if (mode === 'snapshot') await sql.exec('set transaction isolation level repeatable read, read only');
  for (const setting of SESSION_SETTINGS) await sql.exec(setting);
}

function pgliteSql(tx: Transaction | PGlite): Sql {
  return {
    query: async <R>(text: string, params?: unknown[]) => (await tx.query<R>(text, params)).rows,
    exec: async (text: string) => {
      await tx.exec(text);
    },
  };
}

/** An open PGlite (the app's own, or one the command line opened); closed only when `owned`. */
export function pgliteConnection(pglite: PGlite, { owned }: { owned: boolean }): BackupConnection {
  return {
    kind: 'pglite',
    // PGlite is one connection: while this transaction runs, every other query waits for it.
    transaction: (mode, fn) =>
      pglite.transaction(async (tx) => {
        const sql = pgliteSql(tx);
        await begin(sql, mode);
        return fn(sql);
      }),
    close: async () => {
      if (owned) await pglite.close();
    },
  };
}

/** A connection of its own to PostgreSQL, so a backup never takes one of the app's pooled ones. */
export function postgresConnection(url: string): BackupConnection {
  return {
    kind: 'postgres',
    transaction: async (mode, fn) => {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {});
      await client.connect();
      const sql: Sql = {
        query: async <R>(text: string, params?: unknown[]) =>
          (await client.query(text, params as unknown[] | undefined)).rows as R[],
        exec: async (text: string) => {
          await client.query(text);
        },
      };
      try {
        await client.query('begin');
        await begin(sql, mode);
        const result = await fn(sql);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        await client.end().catch(() => {});
      }
    },
    close: async () => {},
  };
}

/** The running app's database as a backup source. */
export function appConnection(database: Database): BackupConnection {
  if (database.kind === 'postgres') return postgresConnection(database.url!);
  return pgliteConnection(database.pglite!, { owned: false });
}

/** Where the embedded database lives under DATA_DIR (as openDatabase puts it). */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');

/** The embedded database under DATA_DIR, opened for a command; `create` makes an empty one if missing. */
export async function openEmbedded(dataDir: string, { create }: { create: boolean }): Promise<BackupConnection> {
  const dir = pgliteDir(dataDir);
  if (!create && !existsSync(join(dir, 'PG_VERSION'))) {
    throw new Error(`There is no embedded database in ${dir} (DATA_DIR=${dataDir}).`);
  }
  return pgliteConnection(await PGlite.create({ dataDir: dir }), { owned: true });
}
