// User-management queries: the active market agents and suppliers with their role records, and the
// conditional updates that remove a user or set a password (never a farm store account).
import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sqlList } from '../../db/rows.ts';
import { marketAgents, suppliers, users } from '../../db/schema/index.ts';

export type ManagedUserRow = Awaited<ReturnType<typeof listManagedUsers>>[number];

/**
 * Users other than the farm store, newest first, one page (`before` is an id cursor): the active ones,
 * or with `removed` the removed ones (decision 022).
 */
export async function listManagedUsers(
  db: Executor,
  page: { limit: number; before?: number; removed?: boolean; id?: number },
) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      isActive: users.isActive,
      agentId: marketAgents.id,
      agentNumber: marketAgents.agentNumber,
      agentBusinessName: marketAgents.businessName,
      agentMarketLocation: marketAgents.marketLocation,
      supplierId: suppliers.id,
      supplierBusinessName: suppliers.businessName,
      supplierStatus: suppliers.status,
    })
    .from(users)
    .leftJoin(marketAgents, eq(marketAgents.userId, users.id))
    .leftJoin(suppliers, eq(suppliers.userId, users.id))
    .where(
      and(
        ne(users.role, 'farm_store'),
        eq(users.isActive, !page.removed),
        page.before === undefined ? undefined : lt(users.id, page.before),
        page.id === undefined ? undefined : eq(users.id, page.id),
      ),
    )
    .orderBy(desc(users.id))
    .limit(page.limit);
}

export async function findUser(db: Executor, id: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

// Removing, restoring or setting the password moves the credential version on (decision 025): a
// sign-in judged against the old credentials can no longer write its session.
const nextCredentials = { credentialVersion: sql`${users.credentialVersion} + 1` };

/** Only an active user who is not a farm store account may be changed here. */
const manageable = (id: number) => and(eq(users.id, id), eq(users.isActive, true), ne(users.role, 'farm_store'));

/** Deactivates the user; null when it is unknown, already removed or a farm store account. */
export async function deactivateUser(db: Executor, id: number) {
  const [row] = await db
    .update(users)
    .set({ isActive: false, ...nextCredentials })
    .where(manageable(id))
    .returning({ id: users.id, role: users.role });
  return row ?? null;
}

/** Sets the user's password hash; null when it is unknown, removed or a farm store account. */
export async function setPasswordHash(db: Executor, id: number, passwordHash: string) {
  const [row] = await db
    .update(users)
    .set({ passwordHash, ...nextCredentials })
    .where(manageable(id))
    .returning({ id: users.id, role: users.role });
  return row ?? null;
}

/** Reactivates a removed user; null when it is unknown, not removed or a farm store account. */
export async function reactivateUser(db: Executor, id: number) {
  const [row] = await db
    .update(users)
    .set({ isActive: true, ...nextCredentials })
    .where(and(eq(users.id, id), eq(users.isActive, false), ne(users.role, 'farm_store')))
    .returning({ id: users.id, role: users.role });
  return row ?? null;
}

/** Accounts by e-mail (any case), with their agent record if any: who an import would collide with. */
export async function findAccountsByEmail(db: Executor, emails: readonly string[]) {
  if (emails.length === 0) return [];
  const lowered = [...new Set(emails.map((e) => e.toLowerCase()))];
  return db
    .select({
      email: sql<string>`lower(${users.email})`,
      role: users.role,
      isActive: users.isActive,
      marketAgentId: marketAgents.id,
    })
    .from(users)
    .leftJoin(marketAgents, eq(marketAgents.userId, users.id))
    .where(sql`lower(${users.email}) in (${sqlList(lowered)})`);
}

export { nextIds } from '../../db/rows.ts';

export async function insertUsers(db: Executor, rows: (typeof users.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 500) await db.insert(users).values(rows.slice(i, i + 500));
}

export async function insertMarketAgents(db: Executor, rows: (typeof marketAgents.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 500) await db.insert(marketAgents).values(rows.slice(i, i + 500));
}
