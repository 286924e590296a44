// The app's migrations as backup and restore see them: read like drizzle's migrator reads them, and
// applied the way it applies them, but inside the restore's own transaction (decision 026).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder as appMigrationsFolder } from '../../db/client.ts';
import type { Sql } from './connection.ts';

export type CodeMigration = { tag: string; folderMillis: number; hash: string; sql: string[] };

/** The migrations this code knows, oldest first. */
export function codeMigrations(folder = appMigrationsFolder): CodeMigration[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const tags = new Map(journal.entries.map((e) => [e.when, e.tag]));
  return readMigrationFiles({ migrationsFolder: folder }).map((m) => ({
    tag: tags.get(m.folderMillis) ?? String(m.folderMillis),
    folderMillis: m.folderMillis,
    hash: m.hash,
    sql: m.sql,
  }));
}

/** What drizzle's migrator does (drizzle-orm pg-core dialect.migrate), in the caller's transaction. */
export async function applyMigrations(sql: Sql, migrations: CodeMigration[]) {
  await sql.exec('create schema if not exists drizzle');
  await sql.exec(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  for (const migration of migrations) {
    for (const statement of migration.sql) await sql.exec(statement);
    await sql.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}
