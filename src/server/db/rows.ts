// Raw SQL rows as the app's values: PostgreSQL sends a bigint (a crate sum) as text, so counts are
// read back through Number. Name each column in SQL as the field it fills ("farmToMarket").
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** `values` as one bound parameter each, comma-separated: the inside of `in (…)` in raw SQL. */
export const sqlList = (values: readonly (number | string)[]): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** Every column of a row of counts, as a number. */
export function countsOf<Field extends string>(row: Record<Field, unknown>): Record<Field, number> {
  const entries = Object.entries(row).map(([field, value]) => [field, Number(value)]);
  return Object.fromEntries(entries) as Record<Field, number>;
}

/**
 * `n` ids from a table's serial sequence, so many rows can be inserted at once with known ids (an
 * import's agents and clients).
 */
export async function nextIds(
  db: Executor,
  table: 'users' | 'market_agents' | 'clients' | 'client_transactions',
  n: number,
): Promise<number[]> {
  if (n === 0) return [];
  const result = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${n})`,
  );
  return result.rows.map((r) => Number(r.id));
}
