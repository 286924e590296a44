// Outbox queries: every e-mail the app sends, and what became of its SMTP delivery.
import { desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';

export type OutboxRow = typeof outbox.$inferSelect;

export async function insertOutboxEntry(db: Executor, values: typeof outbox.$inferInsert) {
  const [row] = await db.insert(outbox).values(values).returning();
  return row;
}

export async function recordDelivery(db: Executor, id: number, result: { sentAt: Date } | { error: string }) {
  const values = 'sentAt' in result ? { sentAt: result.sentAt, error: null } : { error: result.error };
  const [row] = await db.update(outbox).set(values).where(eq(outbox.id, id)).returning();
  return row;
}

/** Newest first, at most `limit`, older than `before` (an id) when given. */
export async function listOutbox(db: Executor, { limit, before }: { limit: number; before?: number }) {
  return db
    .select()
    .from(outbox)
    .where(before ? lt(outbox.id, before) : undefined)
    .orderBy(desc(outbox.id))
    .limit(limit);
}
