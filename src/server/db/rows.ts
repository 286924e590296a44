// Raw SQL rows as the app's values: PostgreSQL sends a bigint (a crate sum) as text, so counts are
// read back through Number. Name each column in SQL as the field it fills ("farmToMarket").
import { type SQL, sql } from 'drizzle-orm';

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
