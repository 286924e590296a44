// (decision 025): sign-in throttling that holds when the attempts arrive all at
// once and can't be turned against thethe owner, password work that is bounded, and sessions that can't
// outlive a reset, removal or password change that happened while the sign-in was being judged.
import { randomBytes, scryptSync } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { eq, like, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type Account, registerAs, sessionCookie } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { messages } from '../../../shared/auth.ts';
import { userMessages } from '../../../shared/users.ts';
import type { App } from '../../app.ts';
import { outbox, sessions, users } from '../../db/schema/index.ts';
import { passwordPool, passwordWorkBusyMessage, WorkPool } from '../../lib/passwords.ts';
import { setSignInPauseForTests } from './service.ts';

const { app, farm } = await testFarm();
// Small limits so a spread-out attack reaches the account's cap in a few requests.
const small = await buildTestApp({
  loginFailuresPerAddress: 3,
  loginFailuresPerEmail: 5,
  loginTurnMs: 300,
  passwordResetsPerAdmin: 4,
});
const smallFarm = await registerAs(small, 'farm_store');
// Two addresses can each use up their failures before the account's cap.
const noticed = await buildTestApp({ loginFailuresPerAddress: 2, loginFailuresPerEmail: 10 });
const noticedFarms = [await registerAs(noticed, 'farm_store'), await registerAs(noticed, 'farm_store')];

let address = 0;
/** A fresh client address per call, so one test's per-address counts don't touch another's. */
const nextAddress = () => `198.18.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const signIn = (target: App, email: string, password: string, remoteAddress: string, cookie?: string) =>
  target.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });
const me = (target: App, cookie: string) => target.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const statuses = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};
const hits = async (target: App, key: string) =>
  Number(
    (await target.db.execute<{ hits: number }>(sql`select hits from rate_limits where key = ${key}`)).rows[0]?.hits ??
      0,
  );
const sessionRows = async (target: App, userId: number) =>
  (await target.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;
const notices = async (target: App, email: string) =>
  target.db
    .select({ to: outbox.to, text: outbox.text })
    .from(outbox)
    .where(like(outbox.subject, `Security notice: failed sign-ins for ${email}`));

afterEach(() => setSignInPauseForTests(null));

describe('1. failed sign-ins are counted before the password is judged', () => {
  it('30 simultaneous wrong passwords from one address: 10 are judged, 20 refused; the owner elsewhere gets in', async () => {
    const owner = await registerAs(app, 'supplier');
    const attacker = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(app, owner.user.email, `guess-${i}`, attacker)),
    );
    expect(statuses(answers)).toEqual({ 401: 10, 429: 20 });
    for (const refused of answers.filter((r) => r.statusCode === 429)) {
      expect(refused.json().message).toBe(messages.tooManyAttempts);
    }
    // Refused attempts were never judged and don't count: exactly ten failures are on record.
    expect(await hits(app, `login:email-ip:${owner.user.email.toLowerCase()}:${attacker}`)).toBe(10);
    expect(await hits(app, `login:email:${owner.user.email.toLowerCase()}`)).toBe(10);
    expect((await signIn(app, owner.user.email, owner.password, attacker)).statusCode).toBe(429);
    expect((await signIn(app, owner.user.email, owner.password, nextAddress())).statusCode).toBe(200);
  });

  it('caps guesses for one account across many addresses, and the owner on a clean address still gets in', async () => {
    const owner = await registerAs(small, 'market_agent');
    const addresses = Array.from({ length: 30 }, nextAddress);
    const started = Date.now();
    const answers = await Promise.all(addresses.map((a, i) => signIn(small, owner.user.email, `guess-${i}`, a)));
    const elapsed = Date.now() - started;
    const judged = answers.filter((r) => r.statusCode === 401).length;
    expect(judged + (statuses(answers)[429] ?? 0)).toBe(30);
    // Five failures reach the cap; past it, each judged attempt took a turn (300 ms apart, waiting at
    // most two): what gets judged grows with the time taken, not with the number of addresses.
    const turns = await hits(small, `login:email-turn:${owner.user.email.toLowerCase()}`);
    expect(judged).toBe(5 + turns);
    expect(turns).toBeLessThanOrEqual(3 + Math.ceil(elapsed / 300));
    // An address that failed is refused for this account, even with the right password…
    const failedAt = addresses[answers.findIndex((r) => r.statusCode === 401)];
    expect((await signIn(small, owner.user.email, owner.password, failedAt)).statusCode).toBe(429);
    // …and the owner on its own address signs in (after a turn at most).
    const ownerStarted = Date.now();
    expect((await signIn(small, owner.user.email, owner.password, nextAddress())).statusCode).toBe(200);
    expect(Date.now() - ownerStarted).toBeLessThan(5_000);
  });

  it('counts a success as no failure: the address is forgiven, the account keeps the earlier failures', async () => {
    const owner = await registerAs(app, 'supplier');
    const from = nextAddress();
    const email = owner.user.email.toLowerCase();
    for (let i = 0; i < 3; i++) expect((await signIn(app, owner.user.email, 'wrong-one', from)).statusCode).toBe(401);
    expect((await signIn(app, owner.user.email, owner.password, from)).statusCode).toBe(200);
    expect(await hits(app, `login:email-ip:${email}:${from}`)).toBe(0);
    expect(await hits(app, `login:email:${email}`)).toBe(3);
  });

  it('tells every farm store account once when an account is attacked, and never for an unknown e-mail', async () => {
    const owner = await registerAs(noticed, 'supplier', { name: 'Naledi Peppers' });
    const attacker = nextAddress();
    for (let i = 0; i < 2; i++) await signIn(noticed, owner.user.email, `guess-${i}`, attacker);
    const sent = await notices(noticed, owner.user.email);
    expect(sent.map((n) => n.to).sort()).toEqual(noticedFarms.map((f) => f.user.email).sort());
    expect(sent[0].text).toContain(`Naledi Peppers <${owner.user.email}> (Supplier)`);
    expect(sent[0].text).toContain(attacker);
    // A second address locked out within the window: no second e-mail of the same kind.
    const second = nextAddress();
    for (let i = 0; i < 2; i++) await signIn(noticed, owner.user.email, `guess-${i}`, second);
    expect(await notices(noticed, owner.user.email)).toHaveLength(2);
    for (let i = 0; i < 2; i++) await signIn(noticed, 'nobody-here@test.farm', `guess-${i}`, attacker);
    expect(await notices(noticed, 'nobody-here@test.farm')).toHaveLength(0);
  });

  it('tells the farm store when the cap across addresses is reached', async () => {
    const owner = await registerAs(small, 'supplier');
    for (let i = 0; i < 5; i++) await signIn(small, owner.user.email, `guess-${i}`, nextAddress());
    const sent = await notices(small, owner.user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('from several addresses');
  });
});

describe('2. costly password work is bounded', () => {
  it('limits password changes per user: 30 at once give 10 judged and 20 refused', async () => {
    const account = await registerAs(app, 'market_agent');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        account.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          payload: { currentPassword: 'not-my-password', newPassword: 'brand-new-1' },
          remoteAddress: nextAddress(),
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 400: 10, 429: 20 });
    expect(answers.find((r) => r.statusCode === 429)?.json().message).toBe(messages.tooManyPasswordChanges);
    // The budget is the account's, not the browser's: a right password now waits too.
    const right = await account.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: account.password, newPassword: 'brand-new-1' },
    });
    expect(right.statusCode).toBe(429);
  });

  it('limits password resets per farm store account, across both reset routes', async () => {
    const person = await registerAs(small, 'supplier');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? smallFarm.inject({
              method: 'PATCH',
              url: `/api/admin/users/${person.user.id}/password`,
              payload: { newPassword: `typed-pass-${i}` },
            })
          : smallFarm.inject({ method: 'POST', url: `/api/users/${person.user.id}/reset-password` }),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 4, 429: 6 });
    expect(answers.find((r) => r.statusCode === 429)?.json().message).toBe(userMessages.tooManyResets);
    // An unknown user costs no hash and no place: still 404.
    const unknown = await smallFarm.inject({
      method: 'PATCH',
      url: '/api/admin/users/999999/password',
      payload: { newPassword: 'whatever-1' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('runs at most one hash per core, queues a few, and refuses the rest with 429', async () => {
    const pool = new WorkPool(2, 3);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let running = 0;
    let most = 0;
    const work = async () => {
      running++;
      most = Math.max(most, running);
      await gate;
      running--;
      return 'done';
    };
    const results = Array.from({ length: 8 }, () => pool.run(work).catch((err) => err));
    await new Promise((resolve) => setImmediate(resolve));
    expect([pool.running, pool.queued]).toEqual([2, 3]);
    release();
    const settled = await Promise.all(results);
    expect(settled.filter((r) => r === 'done')).toHaveLength(5);
    const refused = settled.filter((r) => r !== 'done');
    expect(refused).toHaveLength(3);
    expect(refused[0]).toMatchObject({ statusCode: 429, message: passwordWorkBusyMessage });
    expect(most).toBe(2);
    expect([pool.running, pool.queued]).toEqual([0, 0]);
    // The app's pool: one place per core, a short queue.
    expect(passwordPool.size).toBe(availableParallelism());
    expect(passwordPool.queueLimit).toBeLessThanOrEqual(8 * availableParallelism());
  });

  it('answers a sign-in 429 while the pool is full, and that attempt counts as no failure', async () => {
    const owner = await registerAs(app, 'supplier');
    const from = nextAddress();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fillers = Array.from({ length: passwordPool.size + passwordPool.queueLimit }, () =>
      passwordPool.run(() => gate),
    );
    try {
      const busy = await signIn(app, owner.user.email, 'wrong-password', from);
      expect(busy.statusCode).toBe(429);
      expect(busy.json().message).toBe(passwordWorkBusyMessage);
      expect(await hits(app, `login:email-ip:${owner.user.email.toLowerCase()}:${from}`)).toBe(0);
      expect(await hits(app, `login:email:${owner.user.email.toLowerCase()}`)).toBe(0);
    } finally {
      release();
      await Promise.all(fillers);
    }
    expect((await signIn(app, owner.user.email, owner.password, from)).statusCode).toBe(200);
  });
});

describe('3. a sign-in in flight cannot outlive a reset, a removal or a password change', () => {
  /**
   * Signs `person` in, and while its right password has been judged but its session not yet written,
   * runs `meanwhile`. Returns the sign-in's answer.
   */
  async function raceSignIn(person: Account, meanwhile: () => Promise<LightMyRequestResponse>) {
    let during: LightMyRequestResponse | undefined;
    setSignInPauseForTests(async (stage, userId) => {
      if (stage !== 'password-judged' || userId !== person.user.id) return;
      setSignInPauseForTests(null);
      during = await meanwhile();
    });
    const answer = await signIn(app, person.user.email, person.password, nextAddress());
    expect(during?.statusCode, during?.body).toBe(200);
    return answer;
  }

  it('a reset by the farm store: no session, and only the new password works', async () => {
    const person = await registerAs(app, 'market_agent');
    const answer = await raceSignIn(person, () =>
      farm.inject({
        method: 'PATCH',
        url: `/api/admin/users/${person.user.id}/password`,
        payload: { newPassword: 'set-by-farm-1' },
      }),
    );
    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toBe(messages.invalidCredentials);
    expect(answer.cookies.find((c) => c.name === 'ck_session')).toBeUndefined();
    expect(await sessionRows(app, person.user.id)).toBe(0);
    expect((await me(app, person.cookie)).statusCode).toBe(401);
    expect((await signIn(app, person.user.email, 'set-by-farm-1', nextAddress())).statusCode).toBe(200);
  });

  it('a removal: no session', async () => {
    const person = await registerAs(app, 'supplier');
    const answer = await raceSignIn(person, () =>
      farm.inject({ method: 'DELETE', url: `/api/admin/users/${person.user.id}` }),
    );
    expect(answer.statusCode).toBe(401);
    expect(await sessionRows(app, person.user.id)).toBe(0);
  });

  it("the person's own password change in another browser: only that browser's new session works", async () => {
    const person = await registerAs(app, 'supplier');
    let changed: LightMyRequestResponse | undefined;
    const answer = await raceSignIn(person, async () => {
      changed = await person.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword: person.password, newPassword: 'changed-pass-1' },
      });
      return changed;
    });
    expect(answer.statusCode).toBe(401);
    expect(await sessionRows(app, person.user.id)).toBe(1);
    expect((await me(app, sessionCookie(changed!))).statusCode).toBe(200);
  });

  it('a re-hash of an old scrypt hash never writes back over a reset made meanwhile', async () => {
    const person = await registerAs(app, 'market_agent');
    const salt = randomBytes(16);
    const key = scryptSync(person.password, salt, 32, { N: 1024, r: 8, p: 1 });
    const old = ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    await app.db.update(users).set({ passwordHash: old }).where(eq(users.id, person.user.id));
    const answer = await raceSignIn(person, () =>
      farm.inject({
        method: 'PATCH',
        url: `/api/admin/users/${person.user.id}/password`,
        payload: { newPassword: 'set-by-farm-2' },
      }),
    );
    expect(answer.statusCode).toBe(401);
    expect((await signIn(app, person.user.email, person.password, nextAddress())).statusCode).toBe(401);
    expect((await signIn(app, person.user.email, 'set-by-farm-2', nextAddress())).statusCode).toBe(200);
  });

  // PGlite runs one transaction at a time, so only PostgreSQL can interleave the two.
  it.skipIf(app.database.kind !== 'postgres')(
    'a reset arriving while the session is being written waits for it, then ends it',
    async () => {
      const person = await registerAs(app, 'supplier');
      let reset: Promise<LightMyRequestResponse> | undefined;
      let resetDone = false;
      setSignInPauseForTests(async (stage, userId) => {
        if (stage !== 'session-written' || userId !== person.user.id) return;
        setSignInPauseForTests(null);
        reset = farm
          .inject({
            method: 'PATCH',
            url: `/api/admin/users/${person.user.id}/password`,
            payload: { newPassword: 'set-by-farm-3' },
          })
          .finally(() => {
            resetDone = true;
          });
        // The reset needs the user's row, which the sign-in holds FOR SHARE until it commits.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(resetDone).toBe(false);
      });
      const answer = await signIn(app, person.user.email, person.password, nextAddress());
      expect(answer.statusCode).toBe(200);
      expect((await reset)?.statusCode).toBe(200);
      expect((await me(app, sessionCookie(answer))).statusCode).toBe(401);
      expect(await sessionRows(app, person.user.id)).toBe(0);
    },
  );

  it('a session written under older credentials is not accepted', async () => {
    const person = await registerAs(app, 'supplier');
    await app.db
      .update(users)
      .set({ credentialVersion: sql`${users.credentialVersion} + 1` })
      .where(eq(users.id, person.user.id));
    expect((await me(app, person.cookie)).statusCode).toBe(401);
  });

  it('without a race, a sign-in from a signed-in browser still replaces its session', async () => {
    const person = await registerAs(app, 'supplier');
    const answer = await signIn(app, person.user.email, person.password, nextAddress(), person.cookie);
    expect(answer.statusCode).toBe(200);
    expect((await me(app, person.cookie)).statusCode).toBe(401);
    expect((await me(app, sessionCookie(answer))).statusCode).toBe(200);
    expect(await sessionRows(app, person.user.id)).toBe(1);
  });
});
