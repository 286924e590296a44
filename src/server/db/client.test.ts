// Opening the database at start-up (decision 034): the migrator is skipped when the journal says every
// migration is applied, a migration newer than the last applied one still runs, and the embedded
// database runs with its own memory settings.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/test-app.ts';
import { type Database, migrationsApplied, migrationsFolder, openDatabase, PGLITE_SETTINGS } from './client.ts';

const scratch = mkdtempSync(join(tmpdir(), 'cratekeeper-migrations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the app's migrations with one more, `when` ms after the newest. */
function migrationsWithOneMore(name: string, statement: string): string {
  const folder = join(scratch, name);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1)!;
  const tag = `${String(last.idx + 1).padStart(4, '0')}_${name}`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(join(folder, `${tag}.sql`), statement);
  return folder;
}

const queryOf = (database: Database) => async (text: string) =>
  ({ rows: (await database.db.execute(sql.raw(text))).rows }) as { rows: Record<string, unknown>[] };

describe('opening the database', () => {
  it('finds every migration applied on a migrated database, and not one the journal adds', async () => {
    const database = await openTestDatabase();
    try {
      expect(await migrationsApplied(queryOf(database))).toBe(true);
      const folder = migrationsWithOneMore('pending', 'create table start_pending (id integer);');
      expect(await migrationsApplied(queryOf(database), folder)).toBe(false);
    } finally {
      await database.close();
    }
  });

  // Three embedded databases opened one after another: slow on a busy machine.
  it('runs a migration newer than the last applied one, and finds it applied on the next start', {
    timeout: 120_000,
  }, async () => {
    const folder = migrationsWithOneMore('new_table', 'create table start_new_table (id integer primary key);');
    const opened: Database[] = [await openTestDatabase()];
    /** The same data opened again as a start-up opens it, with the new migration in the journal. */
    const reopen = async (database: Database) => {
      const next =
        database.kind === 'postgres'
          ? await openDatabase({ url: database.url!, poolSize: 2 }, { migrations: folder })
          : await openDatabase(
              { memory: true, loadDataDir: await database.pglite!.dumpDataDir('none') },
              { migrations: folder },
            );
      opened.push(next);
      return next;
    };
    try {
      const first = await reopen(opened[0]);
      const { rows } = await first.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_name = 'start_new_table'`,
      );
      expect(rows[0]).toEqual({ n: 1 });
      expect(await migrationsApplied(queryOf(first), folder)).toBe(true);
      // Run again it would fail (the table exists): the next start skips it.
      await reopen(first);
    } finally {
      for (const database of opened.reverse()) await database.close();
    }
  });

  it('runs the embedded database with small shared buffers', async () => {
    const database = await openTestDatabase();
    try {
      if (database.kind !== 'pglite') return;
      const { rows } = await database.pglite!.query<{ shared_buffers: string; maintenance_work_mem: string }>(
        "select current_setting('shared_buffers') as shared_buffers, current_setting('maintenance_work_mem') as maintenance_work_mem",
      );
      expect(rows[0]).toEqual(PGLITE_SETTINGS);
    } finally {
      await database.close();
    }
  });
});
