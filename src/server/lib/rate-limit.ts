// Fixed-window rate limiting kept in the database, so several app instances share one count. Each
// count changes in one statement (INSERT … ON CONFLICT … RETURNING), so simultaneous requests each
// see their own number: nothing is read first and counted after.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

const expired = (windowSeconds: number) =>
  sql`rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})`;

/** Counts one hit on `key`; returns false when the window's limit is already used up. */
export async function consumeRateLimit(db: Executor, key: string, limit: number, windowSeconds: number) {
  const result = await db.execute<{ hits: number }>(sql`
    insert into rate_limits (key, hits, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      hits = case when ${expired(windowSeconds)} then 1 else rate_limits.hits + 1 end,
      window_start = case when ${expired(windowSeconds)} then now() else rate_limits.window_start end
    returning hits`);
  return Number(result.rows[0]?.hits ?? 0) <= limit;
}

/**
 * Takes one of the window's `limit` places on `key` before the costly or risky work, or null when
 * none is left (a refused request does not count). Returns the hits now counted, this one included.
 * A place stays taken (a failed sign-in) unless given back with releaseAttempt (one that succeeded,
 * or was never judged).
 */
export async function reserveAttempt(
  db: Executor,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<number | null> {
  const result = await db.execute<{ hits: number }>(sql`
    insert into rate_limits (key, hits, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      hits = case when ${expired(windowSeconds)} then 1 else rate_limits.hits + 1 end,
      window_start = case when ${expired(windowSeconds)} then now() else rate_limits.window_start end
    where ${expired(windowSeconds)} or rate_limits.hits < ${limit}
    returning hits`);
  const row = result.rows[0];
  return row ? Number(row.hits) : null;
}

/** Gives back a place taken with reserveAttempt. */
export async function releaseAttempt(db: Executor, key: string) {
  await db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${key}`);
}

/**
 * One turn at a time on `key`, `intervalMs` apart: the time this caller may go (now or later), or
 * null when the next free turn is more than `maxWaitMs` away. The row's window_start holds the next
 * free turn, so the purge job removes it a day after it was last used.
 */
export async function reserveTurn(db: Executor, key: string, intervalMs: number, maxWaitMs: number) {
  const step = sql`make_interval(secs => ${intervalMs / 1000})`;
  const result = await db.execute<{ at: string }>(sql`
    insert into rate_limits (key, hits, window_start) values (${key}, 1, now() + ${step})
    on conflict (key) do update set
      hits = rate_limits.hits + 1,
      window_start = greatest(rate_limits.window_start, now()) + ${step}
    where rate_limits.window_start <= now() + make_interval(secs => ${maxWaitMs / 1000})
    returning extract(epoch from window_start - ${step} - now()) * 1000 as at`);
  const row = result.rows[0];
  return row ? Math.max(0, Number(row.at)) : null;
}

export async function clearRateLimit(db: Executor, key: string) {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Deletes counters whose window started more than `olderThanSeconds` ago (the purge job). */
export async function deleteStaleRateLimits(db: Executor, olderThanSeconds: number) {
  await db.execute(
    sql`delete from rate_limits where window_start < now() - make_interval(secs => ${olderThanSeconds})`,
  );
}
