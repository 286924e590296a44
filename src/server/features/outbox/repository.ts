// Outbox queries for the farm store's outbox list; the mailer's own queue queries are in lib/outbox.ts.
import { desc, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import { outboxListColumns } from '../../lib/outbox.ts';

/** Newest first, at most `limit`, older than `before` (an id) when given. */
export async function listOutbox(db: Executor, { limit, before }: { limit: number; before?: number }) {
  return db
    .select(outboxListColumns)
    .from(outbox)
    .where(before ? lt(outbox.id, before) : undefined)
    .orderBy(desc(outbox.id))
    .limit(limit);
}

/** Unsent messages: waiting for a (next) attempt, and those whose last attempt failed (for /metrics). */
export async function outboxFigures(db: Executor): Promise<{ waiting: number; failing: number }> {
  const { rows } = await db.execute<{ waiting: number; failing: number }>(sql`
    select count(*) filter (where next_attempt_at is not null)::integer as waiting,
      count(*) filter (where attempts > 0)::integer as failing
    from outbox where sent_at is null`);
  return { waiting: Number(rows[0]?.waiting ?? 0), failing: Number(rows[0]?.failing ?? 0) };
}
