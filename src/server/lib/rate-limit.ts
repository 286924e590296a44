// Fixed-window rate limiting kept in the database, so several app instances share one count.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/** Counts one hit on `key`; returns false when the window's limit is already used up. */
export async function consumeRateLimit(db: Executor, key: string, limit: number, windowSeconds: number) {
  const result = await db.execute<{ hits: number }>(sql`
    insert into rate_limits (key, hits, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      hits = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                  then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                  then now() else rate_limits.window_start end
    returning hits`);
  return Number(result.rows[0]?.hits ?? 0) <= limit;
}

export async function clearRateLimit(db: Executor, key: string) {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Hits counted in the current window without adding one. */
export async function rateLimitHits(db: Executor, key: string, windowSeconds: number) {
  const result = await db.execute<{ hits: number }>(sql`
    select hits from rate_limits
    where key = ${key} and window_start >= now() - make_interval(secs => ${windowSeconds})`);
  return Number(result.rows[0]?.hits ?? 0);
}

/** Deletes counters whose window started more than `olderThanSeconds` ago (the purge job). */
export async function deleteStaleRateLimits(db: Executor, olderThanSeconds: number) {
  await db.execute(
    sql`delete from rate_limits where window_start < now() - make_interval(secs => ${olderThanSeconds})`,
  );
}
