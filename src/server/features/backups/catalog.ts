// What backup and restore read from the database's own catalog, so a table added by a later
// migration is backed up without anyone listing it: the app's tables are those in schema public
// (extensions' objects left out), the applied migrations are drizzle's record of them.
import type { Sql } from './connection.ts';

export type TableColumns = {
  name: string;
  /** Columns a row is written with: every column but the generated ones (the database computes those). */
  columns: string[];
  /** Each column's type without its modifier: restore casts text to it. */
  types: string[];
  /** The primary key's columns: the order rows are written in. */
  primaryKey: string[];
};

export type AppliedMigration = { hash: string; createdAt: number };

export const qualified = (name: string) => `public.${quoteIdent(name)}`;

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

const notFromExtension = (oid: string) =>
  `not exists (select 1 from pg_depend d where d.objid = ${oid} and d.deptype = 'e')`;

export async function listTables(sql: Sql): Promise<TableColumns[]> {
  const rows = await sql.query<{ tbl: string; col: string; type: string; generated: boolean; pk: number | null }>(
    `select c.relname as tbl, a.attname as col, format_type(a.atttypid, null) as type,
            a.attgenerated <> '' as generated,
            array_position(i.indkey::int2[], a.attnum) as pk
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       left join pg_index i on i.indrelid = c.oid and i.indisprimary
      where n.nspname = 'public' and c.relkind = 'r' and ${notFromExtension('c.oid')}
      order by c.relname, a.attnum`,
  );
  const tables = new Map<string, TableColumns & { pkAt: [number, string][] }>();
  for (const row of rows) {
    let table = tables.get(row.tbl);
    if (!table) {
      table = { name: row.tbl, columns: [], types: [], primaryKey: [], pkAt: [] };
      tables.set(row.tbl, table);
    }
    if (!row.generated) {
      table.columns.push(row.col);
      table.types.push(row.type);
    }
    if (row.pk !== null) table.pkAt.push([Number(row.pk), row.col]);
  }
  return [...tables.values()].map(({ pkAt, ...table }) => ({
    ...table,
    primaryKey: pkAt.sort((a, b) => a[0] - b[0]).map(([, column]) => column),
  }));
}

export async function listSequences(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' and ${notFromExtension('c.oid')}
      order by c.relname`,
  );
  return rows.map((r) => r.name);
}

export type SequenceValue = { name: string; value: string; isCalled: boolean };

export async function readSequences(sql: Sql): Promise<SequenceValue[]> {
  const out: SequenceValue[] = [];
  for (const name of await listSequences(sql)) {
    const [row] = await sql.query<{ value: string; is_called: boolean }>(
      `select last_value::text as value, is_called from ${qualified(name)}`,
    );
    out.push({ name, value: row.value, isCalled: row.is_called });
  }
  return out;
}

/** The migrations drizzle recorded as applied, oldest first; none when the database was never migrated. */
export async function appliedMigrations(sql: Sql): Promise<AppliedMigration[]> {
  const [{ present }] = await sql.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present) return [];
  const rows = await sql.query<{ hash: string; created_at: string }>(
    'select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at',
  );
  return rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}

/** Every row of a table as PostgreSQL's text for each column (generated ones included), in key order. */
export function rowsAsTextQuery(table: string, columns: string[], orderBy: string[]): string {
  const values = columns.map((c) => `${quoteIdent(c)}::text`).join(', ');
  const order = orderBy.length > 0 ? ` order by ${orderBy.map(quoteIdent).join(', ')}` : '';
  return `select to_json(array[${values}]::text[])::text as row from ${qualified(table)}${order}`;
}
