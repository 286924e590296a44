// Server-side sessions: a random token in the cookie, only its SHA-256 in the database. A session
// carries the credential version its user had when it began (decision 025). A core module: the auth
// plugin, the change hub and the auth and users features all use it.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { SessionEndReason } from '../../shared/auth-labels.ts';
import type { Executor } from '../db/client.ts';
import { endedSessions, marketAgents, sessions, suppliers, users } from '../db/schema/index.ts';
import { audiences, recordChange } from './changes.ts';
import type { Caller } from './ownership.ts';

export const SESSION_COOKIE = 'ck_session';

/**
 * How long the browser keeps the cookie after its session's end (decision 040): the server alone
 * decides that a session is over, and while the cookie is still sent it can say why (it expired).
 */
export const SESSION_COOKIE_GRACE_HOURS = 7 * 24;
const GRACE = sql.raw(`interval '${SESSION_COOKIE_GRACE_HOURS} hours'`);

/** When the browser drops a session's cookie. */
export const cookieExpiry = (expiresAt: Date) => new Date(expiresAt.getTime() + SESSION_COOKIE_GRACE_HOURS * 3_600_000);

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

/** The records a user acts as (each user has at most one of each), read with the user. */
const actsAs = { marketAgentId: marketAgents.id, supplierId: suppliers.id };

/**
 * The signed-in, active user behind a cookie token, or null; with the market agent and supplier
 * records the user acts as (null where there is none), so no handler looks them up again.
 */
export async function findSessionUser(db: Executor, token: string) {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt, ...actsAs })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(marketAgents, eq(marketAgents.userId, users.id))
    .leftJoin(suppliers, eq(suppliers.userId, users.id))
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

/**
 * The caller a user acts as where there is no session (demo data, benchmarks, scripts): the same
 * records the session load reads. Null for an unknown user.
 */
export async function findCaller(db: Executor, userId: number): Promise<Caller | null> {
  const [row] = await db
    .select({ id: users.id, role: users.role, ...actsAs })
    .from(users)
    .leftJoin(marketAgents, eq(marketAgents.userId, users.id))
    .leftJoin(suppliers, eq(suppliers.userId, users.id))
    .where(eq(users.id, userId))
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

/**
 * Ends the session a browser had when it signs in again or registers: like a sign-out, it is a `users`
 * change, so every instance drops the session from its read cache and closes its streams.
 */
export async function endPreviousSession(tx: Executor, token: string): Promise<void> {
  const userId = await deleteSession(tx, token);
  if (userId) await recordChange(tx, { tags: ['users'], audience: [audiences.user(userId)], audit: false });
}

/**
 * Ends every session of a user and remembers why (a reset, a removal, a password change), for as long
 * as each one's cookie may still be sent: its holder's next session check is told (decision 040).
 */
export async function endUserSessions(db: Executor, userId: number, reason: Exclude<SessionEndReason, 'expired'>) {
  // A removal or a reset also ends the user's API tokens, for good: a restore brings none back
  // (decision 063). The user's own password change leaves them (an integration is not a sign-in).
  if (reason === 'removed' || reason === 'password-reset') {
    await db.execute(sql`update api_tokens set revoked_at = now() where user_id = ${userId} and revoked_at is null`);
  }
  await db.execute(sql`
    with ended as (delete from sessions where user_id = ${userId} returning token_hash, user_id, expires_at)
    insert into ended_sessions (token_hash, user_id, reason, forget_at)
    select token_hash, user_id, ${reason}, expires_at + ${GRACE} from ended
    on conflict (token_hash) do nothing`);
}

/** A restored account's ended sessions stop saying it was removed. */
export async function forgetRemovedSessions(db: Executor, userId: number) {
  await db.delete(endedSessions).where(and(eq(endedSessions.userId, userId), eq(endedSessions.reason, 'removed')));
}

/**
 * Housekeeping: expired sessions become ended ones ('expired') while their cookie may still be sent,
 * and ended ones whose cookie the browser has dropped are forgotten.
 */
export async function deleteExpiredSessions(db: Executor) {
  await db.execute(sql`
    with ended as (delete from sessions where expires_at < now() returning token_hash, user_id, expires_at)
    insert into ended_sessions (token_hash, user_id, reason, forget_at)
    select token_hash, user_id, 'expired', expires_at + ${GRACE} from ended where expires_at + ${GRACE} > now()
    on conflict (token_hash) do nothing`);
  await db.delete(endedSessions).where(lt(endedSessions.forgetAt, new Date()));
}

/**
 * Why the session of a cookie token ended, if it ended without a sign-out and its cookie may still be
 * sent; null for a live session, a sign-out, or a token that never was. Only the holder of the token
 * can ask, so it tells nobody anything about anyone else.
 */
export async function sessionEndReason(db: Executor, token: string): Promise<SessionEndReason | null> {
  const tokenHash = hashToken(token);
  const result = await db.execute<{ reason: SessionEndReason }>(sql`
    select reason from ended_sessions where token_hash = ${tokenHash} and forget_at > now()
    union all
    select case when not u.is_active then 'removed' else 'expired' end
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${tokenHash} and (s.expires_at <= now() or not u.is_active)
    limit 1`);
  return result.rows[0]?.reason ?? null;
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
