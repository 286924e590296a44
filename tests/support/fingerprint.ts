// A digest of every table of the public schema (one md5 per table over its rows as text), to compare
// the database before and after a request that must change nothing (fuzz and malformed-bodies tests).
import { sql } from 'drizzle-orm';
import type { App } from '../../src/server/app.ts';
import type { Db } from '../../src/server/db/client.ts';
import { settings } from '../../src/server/db/schema/index.ts';

export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const query = tables.rows
    .map(
      (t) =>
        `select '${t.name}' as name, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as digest from "${t.name}" x`,
    )
    .join(' union all ');
  const rows = await db.execute<{ name: string; digest: string }>(sql.raw(query));
  return Object.fromEntries(rows.rows.map((r) => [r.name, r.digest]));
}

/**
 * Marks every scheduled job as already run until 2100 (plugins/jobs.ts's last-slot rows), so none
 * writes (housekeeping runs every hour at :17) while a test compares the tables before and after.
 */
export async function holdScheduledJobs(app: App): Promise<void> {
  for (const name of app.jobs.names()) {
    const row = { key: `job:${name}:last-slot`, value: '2100-01-01T00:00:00.000Z' };
    await app.db
      .insert(settings)
      .values(row)
      .onConflictDoUpdate({ target: settings.key, set: { value: row.value } });
  }
}
