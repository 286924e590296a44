// Account queries: users and the role records created with them.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { marketAgents, suppliers, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row ?? null;
}

export async function findUserById(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updatePasswordHash(db: Executor, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Agent numbers follow the record id: MA-0001, MA-0002, … */
export async function insertMarketAgent(
  db: Executor,
  values: Omit<typeof marketAgents.$inferInsert, 'agentNumber' | 'id'>,
) {
  const result = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('market_agents', 'id'))::int as id`,
  );
  const id = Number(result.rows[0].id);
  const agentNumber = `MA-${String(id).padStart(4, '0')}`;
  const [row] = await db
    .insert(marketAgents)
    .values({ ...values, id, agentNumber })
    .returning();
  return row;
}

export async function insertSupplier(db: Executor, values: typeof suppliers.$inferInsert) {
  const [row] = await db.insert(suppliers).values(values).returning();
  return row;
}
