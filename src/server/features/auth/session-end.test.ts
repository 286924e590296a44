// Sessions that say why they ended (decision 040): GET /api/auth/me's 401 and GET
// /api/auth/session carry a `reason` when the cookie's session ended without a sign-out — a reset, a
// removal, a password change elsewhere, expiry — and nothing for a sign-out or a cookie that never was.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Account, registerAs, sessionCookie } from '../../../../tests/support/accounts.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { messages, sessionEndMessages } from '../../../shared/auth.ts';
import { deleteExpiredSessions } from '../../lib/sessions.ts';

const { app, farm } = await testFarm();

const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const session = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
const signIn = async (account: Account, password = account.password) =>
  sessionCookie(
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.user.email, password },
      remoteAddress: '203.0.113.40',
    }),
  );

/** The 401 of /me and the null of /session, both with `reason` (or both without). */
async function expectEnded(cookie: string, reason: string | undefined) {
  const refused = await me(cookie);
  expect(refused.statusCode).toBe(401);
  expect(refused.json()).toEqual(
    reason ? { message: messages.notSignedIn, reason } : { message: messages.notSignedIn },
  );
  const checked = await session(cookie);
  expect(checked.statusCode).toBe(200);
  expect(checked.json()).toEqual(reason ? { user: null, reason } : { user: null });
}

const slow = { timeout: 120_000 };

describe('why a session ended', () => {
  it('a password reset by the farm store: every session of the user says so', slow, async () => {
    const agent = await registerAs(app, 'market_agent');
    const second = await signIn(agent);
    const reset = await farm.inject({
      method: 'PATCH',
      url: `/api/admin/users/${agent.user.id}/password`,
      payload: { newPassword: 'brand-new-1' },
    });
    expect(reset.statusCode).toBe(200);
    await expectEnded(agent.cookie, 'password-reset');
    await expectEnded(second, 'password-reset');
    // Signed in again with the new password: the new session is live, and says nothing.
    const fresh = await signIn(agent, 'brand-new-1');
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await session(fresh)).json()).toEqual({ user: expect.objectContaining({ id: agent.user.id }) });
  });

  it('a removal: "removed"; restoring the account forgets it', async () => {
    const supplier = await registerAs(app, 'supplier');
    expect((await farm.inject({ method: 'DELETE', url: `/api/admin/users/${supplier.user.id}` })).statusCode).toBe(200);
    await expectEnded(supplier.cookie, 'removed');
    const restored = await farm.inject({ method: 'POST', url: `/api/admin/users/${supplier.user.id}/restore` });
    expect(restored.statusCode).toBe(200);
    await expectEnded(supplier.cookie, undefined);
  });

  it('a password change: the other sessions say "password-changed", the changing browser goes on', slow, async () => {
    const agent = await registerAs(app, 'market_agent');
    const other = await signIn(agent);
    const change = await agent.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: agent.password, newPassword: 'changed-pw-2' },
    });
    expect(change.statusCode).toBe(200);
    await expectEnded(other, 'password-changed');
    expect((await me(sessionCookie(change))).statusCode).toBe(200);
  });

  it('expiry: "expired", before and after the hourly purge; forgotten once the cookie would be gone', async () => {
    const agent = await registerAs(app, 'market_agent');
    await app.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where user_id = ${agent.user.id}`,
    );
    await expectEnded(agent.cookie, 'expired');
    await deleteExpiredSessions(app.db);
    expect((await app.db.execute(sql`select 1 from sessions where user_id = ${agent.user.id}`)).rows).toHaveLength(0);
    await expectEnded(agent.cookie, 'expired');
    // The browser drops the cookie SESSION_COOKIE_GRACE_HOURS after the session's end; so does the server.
    await app.db.execute(
      sql`update ended_sessions set forget_at = now() - interval '1 second' where user_id = ${agent.user.id}`,
    );
    await deleteExpiredSessions(app.db);
    expect(
      (await app.db.execute(sql`select 1 from ended_sessions where user_id = ${agent.user.id}`)).rows,
    ).toHaveLength(0);
    await expectEnded(agent.cookie, undefined);
  });

  it('a sign-out says nothing, and neither does a cookie that never existed or no cookie', async () => {
    const agent = await registerAs(app, 'market_agent');
    const out = await agent.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    await expectEnded(agent.cookie, undefined);
    await expectEnded('ck_session=never-issued-token', undefined);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me' })).json()).toEqual({
      message: messages.notSignedIn,
    });
    expect((await app.inject({ method: 'GET', url: '/api/auth/session' })).json()).toEqual({ user: null });
  });

  it('the database keeps only the hash of an ended token, as it does for live ones', async () => {
    const supplier = await registerAs(app, 'supplier');
    await farm.inject({ method: 'DELETE', url: `/api/admin/users/${supplier.user.id}` });
    const token = supplier.cookie.slice('ck_session='.length);
    const rows = await app.db.execute<{ token_hash: string }>(
      sql`select token_hash from ended_sessions where user_id = ${supplier.user.id}`,
    );
    expect(rows.rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
  });

  it("every reason has the sign-in page's message", () => {
    expect(sessionEndMessages['password-reset']).toBe(
      'Your password was reset by the farm store. Sign in with the new password.',
    );
    expect(sessionEndMessages.expired).toBe('Your session expired. Sign in again.');
  });
});
