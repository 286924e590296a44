// Contact message queries, and who at the farm receives them.
import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contactMessages, users } from '../../db/schema/index.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertContactMessage(
  db: Executor,
  values: Pick<ContactMessageRow, 'name' | 'email' | 'subject' | 'message'>,
) {
  const [row] = await db.insert(contactMessages).values(values).returning();
  return row;
}

/** Newest first, at most `limit`, older than `before` (an id) when given. */
export async function listContactMessages(db: Executor, { limit, before }: { limit: number; before?: number }) {
  return db
    .select()
    .from(contactMessages)
    .where(before ? lt(contactMessages.id, before) : undefined)
    .orderBy(desc(contactMessages.id))
    .limit(limit);
}

/** Messages not yet marked as read. */
export async function countUnreadContactMessages(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.isRead, false));
  return Number(row?.n ?? 0);
}

export async function setContactMessageRead(db: Executor, id: number, isRead: boolean) {
  const [row] = await db.update(contactMessages).set({ isRead }).where(eq(contactMessages.id, id)).returning();
  return row ?? null;
}

/** The active farm store accounts: each receives every new contact message by e-mail. */
export async function farmStoreRecipients(db: Executor) {
  return db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'farm_store'), eq(users.isActive, true)))
    .orderBy(users.id);
}
