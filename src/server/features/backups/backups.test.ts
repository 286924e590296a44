// Backup and restore (decision 026): a demo farm's database goes through a backup file into an empty
// database and comes back with every table's rows, every sequence and the crate ledger as they were;
// on PostgreSQL also into the embedded database and back (the farm's way from one to the other).
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { buildTestApp, openTestDatabase } from '../../../../tests/support/test-app.ts';
import { loadConfig } from '../../config.ts';
import { type Database, migrationsFolder, openDatabase } from '../../db/client.ts';
import { totalsByKind } from '../crates/balances.ts';
import { seedDemoFarm } from '../demo/seed.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';
import { type BackupHeader, writeBackup, writeBackupTo } from './backup.ts';
import { quoteIdent } from './catalog.ts';
import { backupCommand, ledgerProblems, restoreCommand } from './cli.ts';
import { appConnection, type BackupConnection, pgliteConnection, pgliteDir, postgresConnection } from './connection.ts';
import { NIGHTLY_BACKUP_JOB, NIGHTLY_KEEP, NIGHTLY_PREFIX } from './jobs.ts';
import { RestoreRefused, readBackupHeader, restoreBackup } from './restore.ts';
import { askRunningApp, controlSocketPath, listenForRequests } from './socket.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const dir = mkdtempSync(join(tmpdir(), 'cratekeeper-backups-'));
const app = await buildTestApp({ dataDir: join(dir, 'data') });
const source = appConnection(app.database);
const opened: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const db of opened.reverse()) await db.close();
  rmSync(dir, { recursive: true, force: true });
});

// A farm with something in every table, and text that a careless format would bend.
await seedDemoFarm(app);
await registerAs(app, 'market_agent', { name: 'Zoë "Z" O\'Neill \\ 🌶' });
const contact = await app.inject({
  method: 'POST',
  url: '/api/contact',
  payload: { name: 'Mrs Ndlovu', email: 'ndlovu@example.com', subject: 'Crates', message: 'Line one\r\nLine two ✓' },
});
expect(contact.statusCode).toBe(201);
await app.db.execute(
  sql.raw(`insert into settings (key, value) values ('backup-test', E'two\\nlines, a tab\\t, a quote '' and \\\\')`),
);

/** Every row of every table (generated columns too) as PostgreSQL's text, and every sequence. */
async function contents(connection: BackupConnection) {
  return connection.transaction('snapshot', async (sql) => {
    const columns = await sql.query<{ tbl: string; cols: string[] }>(
      `select c.relname as tbl, array_agg(a.attname::text order by a.attnum) as cols
         from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' group by c.relname order by c.relname`,
    );
    const tables: Record<string, string[]> = {};
    for (const { tbl, cols } of columns) {
      const values = cols.map((c) => `${quoteIdent(c)}::text`).join(', ');
      const rows = await sql.query<{ row: string }>(
        `select to_json(array[${values}]::text[])::text as row from ${quoteIdent(tbl)}`,
      );
      tables[tbl] = rows.map((r) => r.row).sort();
    }
    const sequences = await sql.query<{ name: string }>(
      `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'S' order by 1`,
    );
    const values: Record<string, string> = {};
    for (const { name } of sequences) {
      const [row] = await sql.query<{ v: string }>(
        `select last_value || ' ' || is_called as v from ${quoteIdent(name)}`,
      );
      values[name] = row.v;
    }
    return { tables, sequences: values };
  });
}

/** A database with nothing in it: never migrated (a new PostgreSQL database) or migrated and empty (PGlite clone). */
async function emptyDatabase(): Promise<{
  connection: BackupConnection;
  open: (migrate?: boolean) => Promise<Database>;
}> {
  if (onPostgres) {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = `cratekeeper_restore_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    url.pathname = `/${name}`;
    opened.push({
      close: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    });
    return {
      connection: postgresConnection(url.toString()),
      open: async (migrate = false) => {
        const database = await openDatabase({ url: url.toString(), poolSize: 2 }, { migrate });
        opened.push(database);
        return database;
      },
    };
  }
  const database = await openTestDatabase();
  opened.push(database);
  return { connection: appConnection(database), open: async () => database };
}

const original = await contents(source);
const backupFile = join(dir, 'farm.jsonl.gz');
/** The database the first test restores into; the later ones restore over it (a restore costs a second or two). */
let restoredInto: BackupConnection;

/** The backup's lines, changed by `edit`, written to a new file. */
function editedBackup(name: string, edit: (lines: string[]) => string[]): string {
  const lines = gunzipSync(readFileSync(backupFile)).toString('utf8').trimEnd().split('\n');
  const file = join(dir, name);
  writeFileSync(file, gzipSync(`${edit(lines).join('\n')}\n`));
  return file;
}

describe('backup and restore', () => {
  it('writes one file that restores into an empty database with every table, sequence and crate as it was', async () => {
    const summary = await writeBackup(source, backupFile);
    expect(summary).toMatchObject({ file: backupFile, tables: Object.keys(original.tables).length });
    expect(summary.rows).toBe(Object.values(original.tables).reduce((n, rows) => n + rows.length, 0));
    // Rows in the tables whose columns a careless format would bend: arrays, numeric, dates, generated
    // columns, the append-only ledger, text with line breaks and quotes (tables added later ride along).
    const seeded = [
      'billing_cycles',
      'billing_lines',
      'change_events',
      'clients',
      'contact_messages',
      'crate_balances',
    ];
    seeded.push('crate_movements', 'outbox', 'sessions', 'settings', 'suppliers', 'transmissions', 'users');
    for (const table of seeded) expect(original.tables[table]?.length, table).toBeGreaterThan(0);

    const target = await emptyDatabase();
    restoredInto = target.connection;
    const restored = await restoreBackup(target.connection, backupFile);
    expect(restored.rows).toBe(summary.rows);
    expect(await contents(target.connection)).toEqual(original);

    // The app's own migrator finds nothing to do, and the ledger adds up with the same balances.
    const database = await target.open(true);
    expect(await checkLedgerInvariant(database.db)).toEqual({ ok: true, problems: [] });
    expect(await totalsByKind(database.db)).toEqual(await totalsByKind(app.db));
  });

  it.runIf(onPostgres)(
    'moves a farm from PostgreSQL to the embedded database and back with the same file format',
    async () => {
      const embedded = await PGlite.create();
      opened.push(embedded);
      const pglite = pgliteConnection(embedded, { owned: false });
      await restoreBackup(pglite, backupFile);
      expect(await contents(pglite)).toEqual(original);

      const again = join(dir, 'from-pglite.jsonl.gz');
      await writeBackup(pglite, again);
      expect((await readBackupHeader(again)).database).toBe('pglite');
      const target = await emptyDatabase();
      await restoreBackup(target.connection, again);
      expect(await contents(target.connection)).toEqual(original);
    },
    // Two databases made and filled from scratch (an embedded one, a migrated PostgreSQL one): 26 s
    // measured with other work on the machine, past the usual 30 s under more. It tests the file
    // format, not speed.
    120_000,
  );

  it('refuses a database with rows unless forced, and a forced restore that fails changes nothing', async () => {
    const target = restoredInto;
    await target.transaction('write', (sql) =>
      sql.exec(`update settings set value = 'changed since' where key = 'backup-test'`),
    );
    const changed = await contents(target);

    await expect(restoreBackup(target, backupFile)).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(target, backupFile)).rejects.toThrow(/not empty \(rows: .*users \d+/);
    const truncated = editedBackup('truncated.jsonl.gz', (lines) => lines.slice(0, -1));
    await expect(restoreBackup(target, truncated, { force: true })).rejects.toThrow(/ends early/);
    expect(await contents(target)).toEqual(changed);

    const forced = await restoreBackup(target, backupFile, { force: true });
    expect(forced.replacedRows).toBe(forced.rows);
    expect(await contents(target)).toEqual(original);
  });

  it('refuses a backup whose crate ledger does not add up inside its transaction: nothing changes', async () => {
    // One movement's quantity edited (as a hand-edited or corrupted file would have it).
    const tampered = editedBackup('tampered.jsonl.gz', (lines) => {
      const header = JSON.parse(lines[0]) as BackupHeader;
      const quantityAt = header.tables.find((t) => t.name === 'crate_movements')!.columns.indexOf('quantity');
      const section = lines.indexOf(JSON.stringify({ table: 'crate_movements' }));
      const row = JSON.parse(lines[section + 1]) as string[];
      row[quantityAt] = String(Number(row[quantityAt]) + 1000);
      return lines.map((line, i) => (i === section + 1 ? JSON.stringify(row) : line));
    });
    const before = await contents(restoredInto);
    const refused = restoreBackup(restoredInto, tampered, { force: true, verify: ledgerProblems });
    await expect(refused).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(restoredInto, tampered, { force: true, verify: ledgerProblems })).rejects.toThrow(
      /does not add up[\s\S]*The database was left as it was\./,
    );
    expect(await contents(restoredInto)).toEqual(before);
    // The same file untouched passes the same checks.
    await restoreBackup(restoredInto, backupFile, { force: true, verify: ledgerProblems });
    expect(await contents(restoredInto)).toEqual(original);
  });

  it('refuses a backup made at a newer schema than this code knows, before touching the database', async () => {
    const newer = editedBackup('newer.jsonl.gz', ([first, ...rest]) => {
      const header = JSON.parse(first) as BackupHeader;
      const last = header.migrations.at(-1)!;
      header.migrations.push({ hash: 'f'.repeat(64), createdAt: last.createdAt + 1000, tag: '0999_from-the-future' });
      return [JSON.stringify(header), ...rest];
    });
    const before = await contents(restoredInto);
    for (const force of [false, true]) {
      await expect(restoreBackup(restoredInto, newer, { force })).rejects.toThrow(
        /made by a newer Cratekeeper: its database has 0999_from-the-future.*Update Cratekeeper/,
      );
    }
    expect(await contents(restoredInto)).toEqual(before);
  });

  it('runs the migrations newer than the backup over the restored rows', async () => {
    const folder = join(dir, 'migrations');
    cpSync(migrationsFolder, folder, { recursive: true });
    const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8'));
    const last = journal.entries.at(-1);
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '0999_backup-probe' });
    writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify(journal));
    writeFileSync(
      join(folder, '0999_backup-probe.sql'),
      `ALTER TABLE "settings" ADD COLUMN "probe" text;--> statement-breakpoint\nUPDATE "settings" SET "probe" = 'migrated ' || "key";`,
    );
    const restored = await restoreBackup(restoredInto, backupFile, { migrationsFolder: folder, force: true });
    expect(restored.migratedAfter).toEqual(['0999_backup-probe']);
    const rows = await restoredInto.transaction('snapshot', (sql) =>
      sql.query<{ key: string; probe: string }>('select key, probe from settings'),
    );
    expect(rows.length).toBe(original.tables.settings.length);
    for (const row of rows) expect(row.probe).toBe(`migrated ${row.key}`);
  });

  it('reads BACKUP_CRON: nightly at 02:30 unless set, off, or a clear error', () => {
    expect(loadConfig({}).backupCron).toBe('30 2 * * *');
    expect(loadConfig({ BACKUP_CRON: '0 23 * * *' }).backupCron).toBe('0 23 * * *');
    expect(loadConfig({ BACKUP_CRON: 'off' }).backupCron).toBeNull();
    expect(() => loadConfig({ BACKUP_CRON: 'nightly' })).toThrow(/BACKUP_CRON must be a cron pattern/);
  });

  it('keeps a nightly backup in DATA_DIR/backups, the newest 14', async () => {
    const backups = join(dir, 'data', 'backups');
    rmSync(backups, { recursive: true, force: true });
    await writeBackupTo(source, `${backups}/`);
    const old = Array.from(
      { length: NIGHTLY_KEEP },
      (_, i) => `${NIGHTLY_PREFIX}2020-01-${String(i + 1).padStart(2, '0')}T00-30-00Z.jsonl.gz`,
    );
    for (const name of old) writeFileSync(join(backups, name), 'old');

    expect(app.jobs.names()).toContain(NIGHTLY_BACKUP_JOB);
    expect(await app.jobs.runNow(NIGHTLY_BACKUP_JOB)).toBe('ran');
    const nightly = readdirSync(backups)
      .filter((name) => name.startsWith(NIGHTLY_PREFIX))
      .sort();
    expect(nightly).toHaveLength(NIGHTLY_KEEP);
    expect(nightly).not.toContain(old[0]);
    expect(nightly.slice(0, -1)).toEqual(old.slice(1));
    expect((await readBackupHeader(join(backups, nightly.at(-1)!))).tables.length).toBe(
      Object.keys(original.tables).length,
    );
    // A backup made by hand is never pruned.
    expect(readdirSync(backups).filter((name) => !name.startsWith(NIGHTLY_PREFIX))).toHaveLength(1);
  });

  it('npm run backup asks the app running on DATA_DIR; npm run restore refuses while it runs', async () => {
    const dataDir = join(dir, 'running');
    const path = controlSocketPath(pgliteDir(dataDir));
    await writeBackupTo(source, `${dataDir}/`); // makes the directory
    const door = await listenForRequests(path, async ({ backup }) => backup && writeBackupTo(source, backup));
    try {
      await expect(listenForRequests(path, async () => null)).rejects.toThrow(/already running/);
      const out: string[] = [];
      const err: string[] = [];
      const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
      const env = { DATA_DIR: dataDir };
      expect(await backupCommand([join(dir, 'asked.jsonl.gz')], env, io)).toBe(0);
      expect(out).toEqual([join(dir, 'asked.jsonl.gz')]);
      expect(err[0]).toMatch(/^Backed up the embedded database in .*running: \d+ tables/);
      expect(await restoreCommand([out[0]], env, io)).toBe(1);
      expect(err.at(-1)).toMatch(/Not restored: Cratekeeper is running on .*running: stop it, then restore/);
      expect(await restoreCommand([join(dir, 'missing.jsonl.gz')], env, io)).toBe(1);
      expect(err.at(-1)).toMatch(/^Not restored: There is no file .*missing\.jsonl\.gz\.$/);
      expect(await restoreCommand([], env, io)).toBe(2);
    } finally {
      await door.close();
    }
    expect(await askRunningApp(path, {})).toBeNull();
    expect(existsSync(path)).toBe(false);
  });

  it.runIf(onPostgres)('npm run backup and npm run restore on PostgreSQL', async () => {
    const target = await emptyDatabase();
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    const file = join(dir, 'cli.jsonl.gz');
    expect(await backupCommand([file], { DATABASE_URL: app.database.url }, io)).toBe(0);
    const database = await target.open(false);
    expect(await restoreCommand([file], { DATABASE_URL: database.url }, io)).toBe(0);
    expect(out.at(-1)).toBe('The crate ledger adds up.');
    expect(await restoreCommand([file], { DATABASE_URL: database.url }, io)).toBe(1);
    expect(err.at(-1)).toMatch(/^Not restored: The database is not empty/);
    // The nightly job's run above is in the source now too.
    expect(await contents(target.connection)).toEqual(await contents(source));
  });
});
