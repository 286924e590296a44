// Server-side sessions: a random token in the cookie, only its SHA-256 in the database. A session
// carries the credential version its user had when it began (decision 025).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

export const SESSION_COOKIE = 'ck_session';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Starts a session for the user only if its credentials are still the ones the caller judged: the
 * same credential version, and the account active. The user's row is read `FOR SHARE`, so a reset,
 * removal or password change at the same moment either waits for this to commit (and then deletes
 * the new session with the others) or has committed first (and then nothing is written). Null when
 * nothing was written.
 */
export async function createSession(
  db: Executor,
  user: { id: number; credentialVersion: number },
  ttlHours: number,
): Promise<{ token: string; expiresAt: Date } | null> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  const result = await db.execute<{ id: number }>(sql`
    insert into sessions (token_hash, user_id, credential_version, expires_at)
    select ${hashToken(token)}, id, credential_version, ${expiresAt.toISOString()}::timestamptz
    from users
    where id = ${user.id} and credential_version = ${user.credentialVersion} and is_active
    for share
    returning id`);
  return result.rows.length > 0 ? { token, expiresAt } : null;
}

/** The signed-in, active user behind a cookie token, or null. */
export async function findSessionUser(db: Executor, token: string) {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        gt(sessions.expiresAt, new Date()),
        eq(users.isActive, true),
        // A session begun before the password was set again (or the account removed) is over.
        eq(sessions.credentialVersion, users.credentialVersion),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Ends the session of a cookie token; the user it belonged to, if it existed. */
export async function deleteSession(db: Executor, token: string): Promise<number | null> {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ userId: sessions.userId });
  return row?.userId ?? null;
}

/** Ends every session of a user (a password change: the caller then issues a new one). */
export async function deleteUserSessions(db: Executor, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Executor) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
