// Change-event queries: the replay log for reconnecting streams, its purge, and which streams'
// sessions are still signed in.
import { and, asc, eq, gt, gte, inArray, lt, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { changeEvents, sessions, users } from '../../db/schema/index.ts';
import type { ChangeEvent } from '../../lib/changes.ts';

const columns = { id: changeEvents.id, tags: changeEvents.tags, audience: changeEvents.audience };

export async function latestEventId(db: Executor): Promise<number | null> {
  const [row] = await db.select({ id: max(changeEvents.id) }).from(changeEvents);
  return row?.id ?? null;
}

export async function findEventTime(db: Executor, id: number): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: changeEvents.createdAt })
    .from(changeEvents)
    .where(eq(changeEvents.id, id))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Events after `afterId`, and any committed since `since` (a commit can land after a higher id's). */
export async function eventsSince(
  db: Executor,
  { afterId, since, limit }: { afterId: number; since: Date; limit: number },
): Promise<ChangeEvent[]> {
  const rows = await db
    .select(columns)
    .from(changeEvents)
    .where(sql`${gt(changeEvents.id, afterId)} or ${gte(changeEvents.createdAt, since)}`)
    .orderBy(asc(changeEvents.id))
    .limit(limit);
  return rows as ChangeEvent[];
}

export async function purgeEventsBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(changeEvents).where(lt(changeEvents.createdAt, before));
}

/** Of these session ids, the ones still signed in: not ended, not expired, their user active. */
export async function liveSessionIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, new Date()), eq(users.isActive, true)));
  return new Set(rows.map((r) => r.id));
}
