// Restores a backup (decision 026) in ONE transaction: it either completes or leaves the database as
// it was. Inside it: the schema is rebuilt from the app's migrations up to the backup's own, the
// rows are inserted (foreign keys and triggers set aside meanwhile, then put back and checked), the
// sequences are set, and the migrations the backup predates run last, over the restored rows.
import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader, type BackupTrailer } from './backup.ts';
import { listTables, qualified, quoteIdent, type TableColumns } from './catalog.ts';
import type { BackupConnection, Sql } from './connection.ts';
import { applyMigrations, type CodeMigration, codeMigrations } from './migrations.ts';

/** A restore that would be wrong to do: the message says why and what to do instead. */
export class RestoreRefused extends Error {}

/** The same key client.ts migrates under: an instance starting meanwhile waits for the restore. */
const MIGRATION_LOCK = 727_001;
const INSERT_ROWS = 1000;
const INSERT_CHARS = 4_000_000;

export type MigrationPlan = {
  /** Applied before the rows go in: the schema the backup was made at. */
  before: CodeMigration[];
  /** Applied over the restored rows: what this code added since the backup. */
  after: CodeMigration[];
};

/** Which migrations run before and after the rows; refuses a backup made at a schema this code doesn't know. */
export function planMigrations(header: BackupHeader, code: CodeMigration[]): MigrationPlan {
  const known = new Map(code.map((m) => [m.folderMillis, m]));
  const newest = code.at(-1);
  for (const m of header.migrations) {
    if (known.has(m.createdAt)) continue;
    const name = m.tag ?? `the migration of ${new Date(m.createdAt).toISOString()}`;
    if (!newest || m.createdAt > newest.folderMillis) {
      throw new RestoreRefused(
        `This backup was made by a newer Cratekeeper: its database has ${name}, and this version only knows ` +
          `migrations up to ${newest?.tag ?? 'none'}. Update Cratekeeper, then restore.`,
      );
    }
    throw new RestoreRefused(`This backup's database has ${name}, which this version of Cratekeeper doesn't know.`);
  }
  const last = header.migrations.at(-1)?.createdAt ?? 0;
  return {
    before: code.filter((m) => m.folderMillis <= last),
    after: code.filter((m) => m.folderMillis > last),
  };
}

function backupLines(file: string) {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (err) => gunzip.destroy(err));
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY });
  return {
    iterator: lines[Symbol.asyncIterator](),
    close: () => {
      lines.close();
      gunzip.destroy();
      input.destroy();
    },
  };
}

function parseHeader(line: string | undefined, file: string): BackupHeader {
  let header: Partial<BackupHeader> | undefined;
  try {
    header = line ? JSON.parse(line) : undefined;
  } catch {}
  if (header?.format !== BACKUP_FORMAT) throw new RestoreRefused(`${file} is not a Cratekeeper backup.`);
  if (typeof header.version !== 'number' || header.version > BACKUP_VERSION) {
    throw new RestoreRefused(`${file} is a backup of format ${header.version}; update Cratekeeper to restore it.`);
  }
  return header as BackupHeader;
}

export async function readBackupHeader(file: string): Promise<BackupHeader> {
  if (!existsSync(file)) throw new RestoreRefused(`There is no file ${file}.`);
  const { iterator, close } = backupLines(file);
  try {
    const first = await iterator.next().catch(() => ({ value: undefined }));
    return parseHeader(first.value, file);
  } finally {
    close();
  }
}

export type RestoreOptions = {
  /** Replace what the database holds; without it a database with any row is refused. */
  force?: boolean;
  /** The migrations this code has (tests give a folder with one more). */
  migrationsFolder?: string;
  /**
   * Checks the restored rows inside the restore's own transaction, after the last migration: any
   * problem it names rolls the whole restore back, so a backup that does not add up changes nothing.
   */
  verify?: (sql: Sql) => Promise<string[]>;
};

export type RestoreSummary = {
  header: BackupHeader;
  tables: number;
  rows: number;
  /** Rows the database held before (replaced: only with force). */
  replacedRows: number;
  /** Migrations run over the restored rows, newer than the backup. */
  migratedAfter: string[];
  /** Other sessions on the (PostgreSQL) database as the restore committed: app instances to restart. */
  otherSessions: number;
};

export async function restoreBackup(
  connection: BackupConnection,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const { iterator, close } = backupLines(file);
  try {
    const first = await iterator.next().catch(() => ({ value: undefined }));
    const header = parseHeader(first.value, file);
    const plan = planMigrations(header, codeMigrations(options.migrationsFolder));
    return await connection.transaction('write', async (sql) => {
      if (connection.kind === 'postgres') {
        // A running instance holds locks: fail with a message rather than wait for ever.
        await sql.exec(`set local lock_timeout = '15s'`);
        await sql.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      }
      const replacedRows = await refuseUnlessEmpty(sql, options.force ?? false);
      await dropAppObjects(sql);
      await applyMigrations(sql, plan.before);
      const tables = new Map((await listTables(sql)).map((t) => [t.name, t]));
      const setAside = await setAsideConstraintsAndTriggers(sql);
      // A migration may have added rows of its own (defaults): the backup has their later state.
      for (const name of tables.keys()) await sql.exec(`delete from ${qualified(name)}`);
      const { trailer, rows } = await insertRows(sql, iterator, header, tables);
      for (const seq of trailer.sequences) {
        await sql.query('select setval($1::regclass, $2::bigint, $3)', [qualified(seq.name), seq.value, seq.isCalled]);
      }
      await setAside.putBack();
      await applyMigrations(sql, plan.after);
      const problems = options.verify ? await options.verify(sql) : [];
      if (problems.length > 0) {
        throw new RestoreRefused(
          `The crate ledger in this backup does not add up:\n${problems.join('\n')}\nThe database was left as it was.`,
        );
      }
      const [{ n: otherSessions }] =
        connection.kind === 'postgres'
          ? await sql.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
            )
          : [{ n: 0 }];
      return {
        otherSessions,
        header,
        tables: header.tables.length,
        rows,
        replacedRows,
        migratedAfter: plan.after.map((m) => m.tag),
      };
    });
  } catch (err) {
    if ((err as { code?: string }).code === '55P03') {
      throw new RestoreRefused('The database is in use: stop every Cratekeeper instance on it, then restore.');
    }
    throw err;
  } finally {
    close();
  }
}

async function refuseUnlessEmpty(sql: Sql, force: boolean): Promise<number> {
  const counts: string[] = [];
  let total = 0;
  for (const table of await listTables(sql)) {
    const [{ n }] = await sql.query<{ n: number }>(`select count(*)::int as n from ${qualified(table.name)}`);
    if (n > 0) counts.push(`${table.name} ${n}`);
    total += n;
  }
  if (total > 0 && !force) {
    throw new RestoreRefused(
      `The database is not empty (rows: ${counts.join(', ')}). Restore into an empty database, ` +
        'or add --force to replace everything in this one with the backup.',
    );
  }
  return total;
}

const notFromExtension = `not exists (select 1 from pg_depend d where d.objid = o.oid and d.deptype = 'e')`;

/** Drops the app's schema (what its migrations made), so it is rebuilt at the backup's version. */
async function dropAppObjects(sql: Sql) {
  const relations = await sql.query<{ name: string; kind: string }>(
    `select o.relname as name, o.relkind as kind from pg_class o
      where o.relnamespace = 'public'::regnamespace and o.relkind in ('r', 'p', 'v', 'm', 'S') and ${notFromExtension}`,
  );
  const drop = async (what: string, kinds: string[]) => {
    const names = relations.filter((r) => kinds.includes(r.kind)).map((r) => qualified(r.name));
    if (names.length > 0) await sql.exec(`drop ${what} if exists ${names.join(', ')} cascade`);
  };
  await drop('view', ['v']);
  await drop('materialized view', ['m']);
  await drop('table', ['r', 'p']);
  await drop('sequence', ['S']);
  const routines = await sql.query<{ name: string; kind: string }>(
    `select o.oid::regprocedure::text as name, o.prokind as kind from pg_proc o
      where o.pronamespace = 'public'::regnamespace and ${notFromExtension}`,
  );
  for (const r of routines)
    await sql.exec(`drop ${r.kind === 'a' ? 'aggregate' : 'routine'} if exists ${r.name} cascade`);
  const types = await sql.query<{ name: string; kind: string }>(
    `select format('public.%I', o.typname) as name, o.typtype as kind from pg_type o
      where o.typnamespace = 'public'::regnamespace and ${notFromExtension}
        and (o.typtype in ('e', 'd', 'r')
             or (o.typtype = 'c' and (select relkind from pg_class where oid = o.typrelid) = 'c'))`,
  );
  for (const t of types) await sql.exec(`drop ${t.kind === 'd' ? 'domain' : 'type'} if exists ${t.name} cascade`);
  await sql.exec('drop schema if exists drizzle cascade');
}

/**
 * Drops the foreign keys and disables the triggers of the app's tables while the rows go in, so
 * the order of tables doesn't matter and no trigger acts on a restored row (the ledger's
 * append-only guard, or any trigger added later). putBack() re-adds every foreign key, which
 * checks every restored row against it, and re-enables each trigger as it was.
 */
async function setAsideConstraintsAndTriggers(sql: Sql) {
  const keys = await sql.query<{ tbl: string; name: string; def: string }>(
    `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where contype = 'f' and connamespace = 'public'::regnamespace order by conrelid, conname`,
  );
  const triggers = await sql.query<{ tbl: string; name: string; enabled: string }>(
    `select t.tgrelid::regclass::text as tbl, t.tgname as name, t.tgenabled as enabled
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = 'public'::regnamespace and t.tgenabled <> 'D'`,
  );
  for (const k of keys) await sql.exec(`alter table ${k.tbl} drop constraint ${quoteIdent(k.name)}`);
  for (const t of triggers) await sql.exec(`alter table ${t.tbl} disable trigger ${quoteIdent(t.name)}`);
  return {
    putBack: async () => {
      for (const k of keys) await sql.exec(`alter table ${k.tbl} add constraint ${quoteIdent(k.name)} ${k.def}`);
      const mode: Record<string, string> = { O: 'enable', A: 'enable always', R: 'enable replica' };
      for (const t of triggers) await sql.exec(`alter table ${t.tbl} ${mode[t.enabled]} trigger ${quoteIdent(t.name)}`);
    },
  };
}

async function insertRows(
  sql: Sql,
  lines: AsyncIterator<string>,
  header: BackupHeader,
  tables: Map<string, TableColumns>,
): Promise<{ trailer: BackupTrailer; rows: number }> {
  const counted: Record<string, number> = {};
  let insert: string | null = null;
  let current = '';
  let batch: string[] = [];
  let chars = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await sql.query(insert!, [`[${batch.join(',')}]`]);
    batch = [];
    chars = 0;
  };
  for (;;) {
    const next = await lines.next();
    if (next.done) throw new Error('The backup ends early (no end marker): the file is incomplete.');
    const line = next.value;
    if (line.startsWith('[')) {
      if (!insert) throw new Error('The backup has a row outside any table.');
      batch.push(line);
      chars += line.length;
      counted[current]++;
      if (batch.length >= INSERT_ROWS || chars >= INSERT_CHARS) await flush();
      continue;
    }
    await flush();
    const marker = JSON.parse(line) as { table?: string } | BackupTrailer;
    if ('end' in marker) {
      for (const table of header.tables) {
        if (counted[table.name] === undefined) throw new Error(`The backup has no rows section for ${table.name}.`);
        if (counted[table.name] !== marker.rows[table.name]) {
          throw new Error(
            `The backup's ${table.name} holds ${counted[table.name]} rows, not ${marker.rows[table.name]}.`,
          );
        }
      }
      return { trailer: marker, rows: Object.values(counted).reduce((a, b) => a + b, 0) };
    }
    const saved = header.tables.find((t) => t.name === marker.table);
    const target = tables.get(marker.table ?? '');
    if (!saved || !target) throw new Error(`The backup's table ${marker.table} is not in the database's schema.`);
    insert = insertStatement(saved.name, saved.columns, target);
    current = saved.name;
    counted[current] = 0;
  }
}

/** One INSERT for a batch of rows sent as one JSON array of arrays: each text cast to its column's type. */
function insertStatement(table: string, columns: string[], target: TableColumns): string {
  const casts = columns.map((column, i) => {
    const at = target.columns.indexOf(column);
    if (at < 0) throw new Error(`The backup's column ${table}.${column} is not in the database's schema.`);
    return `(r->>${i})::${target.types[at]}`;
  });
  return (
    `insert into ${qualified(table)} (${columns.map(quoteIdent).join(', ')}) overriding system value ` +
    `select ${casts.join(', ')} from json_array_elements($1::text::json) as r`
  );
}
