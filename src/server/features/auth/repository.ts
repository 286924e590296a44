// Account queries: users and the role records created with them.

import { and, eq, sql } from 'drizzle-orm';
import type { Language } from '../../../shared/i18n/languages.ts';
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

/** Sets the user's language; the row as it is now. */
export async function setUserLanguage(db: Executor, id: number, language: Language) {
  const [row] = await db.update(users).set({ language }).where(eq(users.id, id)).returning();
  return row;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

/**
 * Stores the same password hashed at today's cost (a sign-in re-hash): only while the credentials are
 * still the ones judged, so it can never undo a reset made meanwhile. The version stays.
 */
export async function rehashPassword(db: Executor, user: { id: number; credentialVersion: number }, hash: string) {
  await db
    .update(users)
    .set({ passwordHash: hash })
    .where(and(eq(users.id, user.id), eq(users.credentialVersion, user.credentialVersion)));
}

/**
 * A new password chosen by its owner: only if the credentials are still the ones the current password
 * was judged against. The new credential version, or null when they changed meanwhile.
 */
export async function replacePassword(
  db: Executor,
  user: { id: number; credentialVersion: number },
  passwordHash: string,
): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, credentialVersion: sql`${users.credentialVersion} + 1`, mustChangePassword: false })
    .where(and(eq(users.id, user.id), eq(users.credentialVersion, user.credentialVersion), eq(users.isActive, true)))
    .returning({ credentialVersion: users.credentialVersion });
  return row?.credentialVersion ?? null;
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
