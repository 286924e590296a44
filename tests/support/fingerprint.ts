// A digest of every table of the public schema (one md5 per table over its rows as text), to compare
// the database before and after a request that must change nothing. The same query as fuzz.test.ts's.
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';

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
