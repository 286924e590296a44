// Reading the change-event log that recordChange() (changes.ts) writes: the replay for a reconnecting
// stream or listener, and the purge of old events. A core module: the change hub and GET /api/events
// both read it.
import { asc, eq, gt, gte, lt, max, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { changeEvents } from '../db/schema/index.ts';
import type { ChangeEvent } from './changes.ts';

/**
 * How far back a replay reaches before the last event seen (or the moment a listener dropped):
 * commits land out of id order, so a lower id can commit after a higher one was seen.
 */
export const COMMIT_SKEW_MS = 5_000;

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
