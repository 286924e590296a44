// Writes a backup: one gzip file of JSON lines, the same on PGlite and PostgreSQL (decision 026).
//   line 1   {"format":"cratekeeper-backup","version":1,…,"migrations":[…],"tables":[{name,columns,types}]}
//   then     {"table":"users"} followed by one JSON array per row: each column's PostgreSQL text, or null
//   last     {"end":true,"rows":{"users":3,…},"sequences":[{name,value,isCalled}]}
// Everything is read in one REPEATABLE READ transaction, so the file is one instant of the farm.
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import {
  type AppliedMigration,
  appliedMigrations,
  listTables,
  readSequences,
  rowsAsTextQuery,
  type SequenceValue,
  type TableColumns,
} from './catalog.ts';
import type { BackupConnection } from './connection.ts';
import { codeMigrations } from './migrations.ts';

export const BACKUP_FORMAT = 'cratekeeper-backup';
export const BACKUP_VERSION = 1;
export const BACKUP_EXTENSION = '.jsonl.gz';

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  server: string;
  /** Drizzle's record of the applied migrations, each named by its file when this code knows it. */
  migrations: (AppliedMigration & { tag?: string })[];
  tables: Pick<TableColumns, 'name' | 'columns' | 'types'>[];
};

export type BackupTrailer = { end: true; rows: Record<string, number>; sequences: SequenceValue[] };

export type BackupSummary = { file: string; bytes: number; tables: number; rows: number };

const FETCH_ROWS = 2000;

/** `cratekeeper-2026-05-01T00-30-00Z.jsonl.gz` (UTC): names sort in the order they were made. */
export function backupFileName(prefix: string, at = new Date()): string {
  return `${prefix}${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z${BACKUP_EXTENSION}`;
}

/**
 * Writes the whole database to `file`, which must not exist yet. The rows go to `file.partial`
 * first, renamed only when complete: a crash never leaves a half backup under a backup's name.
 * The file is readable by its owner only: it holds password hashes and bank details.
 */
export async function writeBackup(connection: BackupConnection, file: string): Promise<BackupSummary> {
  if (existsSync(file)) throw new Error(`${file} exists already: a backup never overwrites a file.`);
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true });
  const gzip = createGzip();
  // A full disk fails the pipeline, and with it the next write: the transaction then rolls back.
  const written = pipeline(gzip, out);
  written.catch(() => {});
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await Promise.race([once(gzip, 'drain'), written]);
  };
  const tags = new Map(codeMigrations().map((m) => [m.folderMillis, m.tag]));
  let tableCount = 0;
  let rowCount = 0;
  try {
    await connection.transaction('snapshot', async (sql) => {
      const tables = await listTables(sql);
      const [{ server }] = await sql.query<{ server: string }>(`select current_setting('server_version') as server`);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        database: connection.kind,
        server,
        migrations: (await appliedMigrations(sql)).map((m) => ({ ...m, tag: tags.get(m.createdAt) })),
        tables: tables.map(({ name, columns, types }) => ({ name, columns, types })),
      };
      await write(JSON.stringify(header));
      const rows: Record<string, number> = {};
      for (const table of tables) {
        await write(JSON.stringify({ table: table.name }));
        rows[table.name] = 0;
        await sql.exec(
          `declare backup_rows no scroll cursor for ${rowsAsTextQuery(table.name, table.columns, table.primaryKey)}`,
        );
        for (;;) {
          const batch = await sql.query<{ row: string }>(`fetch forward ${FETCH_ROWS} from backup_rows`);
          if (batch.length > 0) await write(batch.map(({ row }) => row).join('\n'));
          rows[table.name] += batch.length;
          if (batch.length < FETCH_ROWS) break;
        }
        await sql.exec('close backup_rows');
        rowCount += rows[table.name];
      }
      tableCount = tables.length;
      // Sequences after the rows: a sequence is never rolled back, so this is at least every id written.
      const trailer: BackupTrailer = { end: true, rows, sequences: await readSequences(sql) };
      await write(JSON.stringify(trailer));
    });
    gzip.end();
    await written;
    await rename(partial, file);
  } catch (err) {
    gzip.destroy();
    out.destroy();
    await rm(partial, { force: true });
    throw err;
  }
  return { file, bytes: (await stat(file)).size, tables: tableCount, rows: rowCount };
}

/** Writes a backup named `<prefix><UTC time>.jsonl.gz` into `dir` (made if missing). */
export async function writeBackupInto(
  connection: BackupConnection,
  dir: string,
  prefix = 'cratekeeper-',
): Promise<BackupSummary> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const at = new Date();
  let file = join(dir, backupFileName(prefix, at));
  // Two backups in one second (a manual one beside the nightly one): the second gets a suffix.
  for (let n = 2; existsSync(file) || existsSync(`${file}.partial`); n++) {
    file = join(dir, backupFileName(prefix, at).replace(BACKUP_EXTENSION, `-${n}${BACKUP_EXTENSION}`));
  }
  return writeBackup(connection, file);
}

/** Writes a backup to `path`: a file name, or a directory (existing, or written with a trailing slash). */
export async function writeBackupTo(connection: BackupConnection, path: string): Promise<BackupSummary> {
  const isDirectory = /[\\/]$/.test(path) || (existsSync(path) && (await stat(path)).isDirectory());
  if (isDirectory) return writeBackupInto(connection, path);
  await mkdir(dirname(path), { recursive: true });
  return writeBackup(connection, path);
}

/** Deletes all but the newest `keep` backups named `<prefix>…` in `dir`; returns what it deleted. */
export async function pruneBackups(dir: string, prefix: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.startsWith(prefix) && name.endsWith(BACKUP_EXTENSION))
    .sort();
  const old = names.slice(0, Math.max(0, names.length - keep)).map((name) => join(dir, name));
  for (const file of old) await rm(file, { force: true });
  return old.map((file) => basename(file));
}
