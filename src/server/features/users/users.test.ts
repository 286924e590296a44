// User management through the API (spec §6, §7 Users; DESIGN §7): the list, removal that keeps
// history and ends sessions at once, and password resets typed or generated.
import { count, eq, or } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Account, registerAs, registrationFor, sessionCookie } from '../../../../tests/support/accounts.ts';
import { openEventStream } from '../../../../tests/support/event-stream.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { acknowledge, addStock, registerAgent, send } from '../../../../tests/support/transmissions.ts';
import { type ManagedUser, userMessages as m } from '../../../shared/users.ts';
import { crateMovements, sessions, transmissions, users } from '../../db/schema/index.ts';
import { agentBalance } from '../crates/balances.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';
import { generatePassword } from './service.ts';

const { app, farm } = await testFarm();
const otherFarm = await registerAs(app, 'farm_store');
const agent = await registerAgent(app, { name: 'Sipho Dlamini', businessName: 'Dlamini Fresh' });
const supplier = await registerAs(app, 'supplier', { name: 'Lerato Farms', businessName: 'Lerato Peppers' });
await addStock(farm, 1000);

const streams: Awaited<ReturnType<typeof openEventStream>>[] = [];
afterAll(() => {
  for (const s of streams) if (!s.ended) s.disconnect();
});
const openStream = async (cookie: string) => {
  const stream = await openEventStream(app, cookie);
  streams.push(stream);
  await stream.next((msg) => msg.event === 'ready');
  return stream;
};

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (account: Account | null, method: Method, url: string, payload?: unknown) => {
  const options = { method, url, ...(payload === undefined ? {} : { payload: payload as object }) };
  return account ? account.inject(options) : app.inject(options);
};

const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: '203.0.113.9' });

const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

// Each sign-in and password change is a scrypt (~128 MiB, ~0.4 s alone): on a busy machine a test
// of several takes longer than the default 30 s.
const slow = { timeout: 120_000 };

const listed = async (path = '/api/admin/users') => (await call(farm, 'GET', path)).json() as ManagedUser[];

describe('GET /api/admin/users and GET /api/users', () => {
  for (const path of ['/api/admin/users', '/api/users']) {
    it(`${path}: active market agents and suppliers with their business, never a farm store user`, async () => {
      const res = await call(farm, 'GET', path);
      expect(res.statusCode).toBe(200);
      const list = res.json() as ManagedUser[];
      expect(list.map((u) => u.role).sort()).toEqual(['market_agent', 'supplier']);
      expect(list.some((u) => u.id === farm.user.id || u.id === otherFarm.user.id)).toBe(false);
      const a = list.find((u) => u.id === agent.user.id)!;
      expect(a).toMatchObject({
        name: 'Sipho Dlamini',
        email: agent.user.email,
        role: 'market_agent',
        marketLocation: 'Johannesburg Market',
        businessName: 'Dlamini Fresh',
        marketAgent: { id: agent.marketAgentId, businessName: 'Dlamini Fresh' },
        supplier: null,
      });
      const s = list.find((u) => u.id === supplier.user.id)!;
      expect(s).toMatchObject({
        role: 'supplier',
        marketLocation: null,
        businessName: 'Lerato Peppers',
        marketAgent: null,
        supplier: { businessName: 'Lerato Peppers', status: 'pending' },
      });
      // The flag that a printed first password must be changed (decision 050) is no secret.
      expect(res.body.replaceAll('"mustChangePassword"', '')).not.toMatch(/password|hash|scrypt/i);
    });
  }

  it('is newest first and bounded: ?limit= and ?before=', async () => {
    const first = await call(farm, 'GET', '/api/admin/users?limit=1');
    expect(first.json()).toHaveLength(1);
    expect(first.json()[0].id).toBe(supplier.user.id);
    const next = await call(farm, 'GET', `/api/admin/users?limit=1&before=${supplier.user.id}`);
    expect(next.json().map((u: ManagedUser) => u.id)).toEqual([agent.user.id]);
    expect((await call(farm, 'GET', '/api/admin/users?limit=501')).statusCode).toBe(400);
    expect((await call(farm, 'GET', '/api/users?limit=0')).statusCode).toBe(400);
    expect((await call(farm, 'GET', '/api/users?before=abc')).statusCode).toBe(400);
  });

  it('is for the farm store only: 401 signed out, 403 for an agent or a supplier', async () => {
    for (const path of ['/api/admin/users', '/api/users']) {
      expect((await call(null, 'GET', path)).statusCode).toBe(401);
      expect((await call(agent, 'GET', path)).statusCode).toBe(403);
      expect((await call(supplier, 'GET', path)).statusCode).toBe(403);
    }
  });
});

describe('removing a user (DELETE /api/admin/users/{id}, DELETE /api/users/{id})', slow, () => {
  it('deactivates the agent, ends its sessions and streams at once, keeps its history and crates', async () => {
    const leaving = await registerAgent(app, { name: 'Leaving Agent' });
    const secondBrowser = sessionCookie(await login(leaving.user.email, leaving.password));
    // History: a delivery counted (flagged), and one still on its way.
    const counted = await send(farm, leaving, 20);
    await acknowledge(leaving, counted.id, 18);
    const pending = await send(farm, leaving, 7);
    const crates = await agentBalance(app.db, leaving.marketAgentId);
    const [movementsBefore] = await app.db.select({ n: count() }).from(crateMovements);

    const leavingStream = await openStream(leaving.cookie);
    const farmStream = await openStream(otherFarm.cookie);
    const bystander = await openStream(agent.cookie);

    const res = await call(farm, 'DELETE', `/api/admin/users/${leaving.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: m.removed });

    // Every session and stream ends; the farm store's screens are told the users changed.
    await leavingStream.next((msg) => msg.event === 'signed-out', { timeoutMs: 2000 });
    expect(await leavingStream.waitForEnd()).toBe(true);
    await farmStream.nextChange('users');
    expect((await me(leaving.cookie)).statusCode).toBe(401);
    expect((await me(secondBrowser)).statusCode).toBe(401);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, leaving.user.id))).toEqual([]);
    expect(bystander.ended).toBe(false);
    expect(bystander.changes().flat()).not.toContain('users');

    // It can't sign in any more, with the same answer as a wrong password.
    const signIn = await login(leaving.user.email, leaving.password);
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().message).toBe('Invalid credentials');

    // Gone from the lists, but its account row, transmissions, movements and crates are all still there.
    expect((await listed()).some((u) => u.id === leaving.user.id)).toBe(false);
    expect((await listed('/api/users')).some((u) => u.id === leaving.user.id)).toBe(false);
    const [row] = await app.db.select().from(users).where(eq(users.id, leaving.user.id));
    expect(row).toMatchObject({ isActive: false, name: 'Leaving Agent' });
    const kept = await app.db
      .select({ id: transmissions.id, status: transmissions.status })
      .from(transmissions)
      .where(or(eq(transmissions.toUserId, leaving.user.id), eq(transmissions.fromUserId, leaving.user.id)));
    expect(kept.map((t) => t.id).sort()).toEqual([counted.id, pending.id].sort());
    const [movementsAfter] = await app.db.select({ n: count() }).from(crateMovements);
    expect(movementsAfter.n).toBe(movementsBefore.n);
    expect(await agentBalance(app.db, leaving.marketAgentId)).toEqual(crates);
    const history = await call(farm, 'GET', '/api/transmissions?limit=500');
    expect(history.json().map((t: { id: number }) => t.id)).toEqual(expect.arrayContaining([counted.id, pending.id]));
    expect((await checkLedgerInvariant(app.db)).problems).toEqual([]);

    // What was still on its way to it, the farm store takes back (decision 012).
    const recall = await call(farm, 'PUT' as Method, `/api/transmissions/${pending.id}/recall`);
    expect(recall.statusCode).toBe(200);
    expect((await checkLedgerInvariant(app.db)).problems).toEqual([]);
  });

  it('the dashboard variant removes a supplier the same way', async () => {
    const leaving = await registerAs(app, 'supplier');
    const stream = await openStream(leaving.cookie);
    const res = await call(farm, 'DELETE', `/api/users/${leaving.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.removed);
    await stream.next((msg) => msg.event === 'signed-out');
    expect((await me(leaving.cookie)).statusCode).toBe(401);
    expect((await login(leaving.user.email, leaving.password)).statusCode).toBe(401);
  });

  it('is 404 for an unknown or already removed user, 403 for a farm store account, 400 for a bad id', async () => {
    const leaving = await registerAs(app, 'supplier');
    for (const path of ['/api/admin/users', '/api/users']) {
      expect((await call(farm, 'DELETE', `${path}/999999`)).statusCode).toBe(404);
      const self = await call(farm, 'DELETE', `${path}/${farm.user.id}`);
      expect(self.statusCode).toBe(403);
      expect(self.json().message).toBe(m.farmStoreProtected);
      expect((await call(farm, 'DELETE', `${path}/${otherFarm.user.id}`)).statusCode).toBe(403);
      expect((await call(farm, 'DELETE', `${path}/abc`)).statusCode).toBe(400);
      expect((await call(farm, 'DELETE', `${path}/2147483648`)).statusCode).toBe(400);
    }
    expect((await call(farm, 'DELETE', `/api/admin/users/${leaving.user.id}`)).statusCode).toBe(200);
    const again = await call(farm, 'DELETE', `/api/users/${leaving.user.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(m.userNotFound);
    // The farm store accounts are untouched.
    expect((await me(farm.cookie)).statusCode).toBe(200);
    expect((await me(otherFarm.cookie)).statusCode).toBe(200);
  });

  it('is for the farm store only: 401 signed out, 403 for an agent or a supplier (nothing changes)', async () => {
    for (const path of ['/api/admin/users', '/api/users']) {
      expect((await call(null, 'DELETE', `${path}/${supplier.user.id}`)).statusCode).toBe(401);
      expect((await call(agent, 'DELETE', `${path}/${supplier.user.id}`)).statusCode).toBe(403);
      expect((await call(supplier, 'DELETE', `${path}/${agent.user.id}`)).statusCode).toBe(403);
    }
    expect((await me(agent.cookie)).statusCode).toBe(200);
    expect((await me(supplier.cookie)).statusCode).toBe(200);
  });

  it('two removals at once: one succeeds, the other is 404', async () => {
    const leaving = await registerAs(app, 'supplier');
    const results = await Promise.all([
      call(farm, 'DELETE', `/api/admin/users/${leaving.user.id}`),
      call(otherFarm, 'DELETE', `/api/users/${leaving.user.id}`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });
});

describe('PATCH /api/admin/users/{id}/password (the admin types it)', slow, () => {
  it('sets the trimmed password, ends every session of the user and tells its streams', async () => {
    const person = await registerAgent(app);
    const stream = await openStream(person.cookie);
    const farmStream = await openStream(otherFarm.cookie);
    const res = await call(farm, 'PATCH', `/api/admin/users/${person.user.id}/password`, {
      newPassword: '  fresh-pass-1 ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: m.passwordUpdated });
    await stream.next((msg) => msg.event === 'signed-out');
    await farmStream.nextChange('users');
    expect((await me(person.cookie)).statusCode).toBe(401);
    expect((await login(person.user.email, person.password)).statusCode).toBe(401);
    expect((await login(person.user.email, 'fresh-pass-1')).statusCode).toBe(200);
    // The admin's own session is untouched.
    expect((await me(farm.cookie)).statusCode).toBe(200);
  });

  it('refuses a blank, missing or short password with the spec messages, and changes nothing', async () => {
    const [before] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, agent.user.id));
    const url = `/api/admin/users/${agent.user.id}/password`;
    for (const payload of [{ newPassword: '   ' }, { newPassword: '' }, {}, { newPassword: null }]) {
      const res = await call(farm, 'PATCH', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(m.enterNewPassword);
    }
    const short = await call(farm, 'PATCH', url, { newPassword: ' 12345 ' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: 'Password must be at least 6 characters long',
      errors: { newPassword: 'Password must be at least 6 characters long' },
    });
    expect((await call(farm, 'PATCH', url, { newPassword: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await call(farm, 'PATCH', url)).statusCode).toBe(400);
    const [after] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, agent.user.id));
    expect(after.hash).toBe(before.hash);
    expect((await me(agent.cookie)).statusCode).toBe(200);
  });

  it('is 404 for an unknown or removed user, 403 for a farm store account, 401/403 for others', async () => {
    const removed = await registerAs(app, 'supplier');
    await call(farm, 'DELETE', `/api/admin/users/${removed.user.id}`);
    const body = { newPassword: 'another-1' };
    expect((await call(farm, 'PATCH', '/api/admin/users/999999/password', body)).statusCode).toBe(404);
    expect((await call(farm, 'PATCH', `/api/admin/users/${removed.user.id}/password`, body)).statusCode).toBe(404);
    const farmUser = await call(farm, 'PATCH', `/api/admin/users/${otherFarm.user.id}/password`, body);
    expect(farmUser.statusCode).toBe(403);
    expect(farmUser.json().message).toBe(m.farmStoreProtected);
    expect((await call(farm, 'PATCH', '/api/admin/users/0/password', body)).statusCode).toBe(400);
    expect((await call(null, 'PATCH', `/api/admin/users/${agent.user.id}/password`, body)).statusCode).toBe(401);
    expect((await call(agent, 'PATCH', `/api/admin/users/${supplier.user.id}/password`, body)).statusCode).toBe(403);
    expect((await call(supplier, 'PATCH', `/api/admin/users/${agent.user.id}/password`, body)).statusCode).toBe(403);
    expect((await login(otherFarm.user.email, otherFarm.password)).statusCode).toBe(200);
  });
});

describe('POST /api/users/{id}/reset-password (dashboard: generated unless typed)', slow, () => {
  it('without a password generates a random one, returns it once and ends the sessions', async () => {
    const person = await registerAs(app, 'supplier');
    const stream = await openStream(person.cookie);
    const res = await call(farm, 'POST', `/api/users/${person.user.id}/reset-password`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { message, generatedPassword } = res.json();
    expect(message).toBe(m.passwordUpdated);
    expect(generatedPassword).toMatch(/^[a-zA-Z2-9]{4}-[a-zA-Z2-9]{4}-[a-zA-Z2-9]{4}$/);
    await stream.next((msg) => msg.event === 'signed-out');
    expect((await me(person.cookie)).statusCode).toBe(401);
    expect((await login(person.user.email, person.password)).statusCode).toBe(401);
    expect((await login(person.user.email, generatedPassword)).statusCode).toBe(200);

    // Never a fixed default: the next reset (an empty JSON body this time) gives another one.
    const again = await call(farm, 'POST', `/api/users/${person.user.id}/reset-password`, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().generatedPassword).not.toBe(generatedPassword);
    expect((await login(person.user.email, generatedPassword)).statusCode).toBe(401);
  });

  it('uses a typed password when given (and does not send one back)', async () => {
    const person = await registerAgent(app);
    const res = await call(farm, 'POST', `/api/users/${person.user.id}/reset-password`, { newPassword: 'typed-one' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: m.passwordUpdated });
    expect((await login(person.user.email, 'typed-one')).statusCode).toBe(200);
  });

  it('refuses a blank or short typed password, unknown/removed (404), farm store (403), others (401/403)', async () => {
    const url = `/api/users/${agent.user.id}/reset-password`;
    const blank = await call(farm, 'POST', url, { newPassword: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(m.enterNewPassword);
    expect((await call(farm, 'POST', url, { newPassword: 'abc' })).json().message).toBe(
      'Password must be at least 6 characters long',
    );
    expect((await call(farm, 'POST', url, { newPassword: 123456 })).statusCode).toBe(400);
    expect((await call(farm, 'POST', url, [])).statusCode).toBe(400);
    expect((await call(farm, 'POST', '/api/users/999999/reset-password')).statusCode).toBe(404);
    expect((await call(farm, 'POST', `/api/users/${otherFarm.user.id}/reset-password`)).statusCode).toBe(403);
    expect((await call(farm, 'POST', `/api/users/${farm.user.id}/reset-password`)).statusCode).toBe(403);
    expect((await call(farm, 'POST', '/api/users/-1/reset-password')).statusCode).toBe(400);
    expect((await call(null, 'POST', url)).statusCode).toBe(401);
    expect((await call(agent, 'POST', url)).statusCode).toBe(403);
    expect((await call(supplier, 'POST', url)).statusCode).toBe(403);
    expect((await me(agent.cookie)).statusCode).toBe(200);
    expect((await login(otherFarm.user.email, otherFarm.password)).statusCode).toBe(200);
  });
});

describe('a removed user comes back (POST /api/admin/users/{id}/restore, decision 022)', slow, () => {
  it('lists removed users apart; its e-mail stays its own, the register forms say so; restoring lets it sign in', async () => {
    const returning = await registerAgent(app, { name: 'Seasonal Agent' });
    expect((await call(farm, 'DELETE', `/api/admin/users/${returning.user.id}`)).statusCode).toBe(200);

    // The removed list has it (and only removed users); the active list does not.
    const removed = await call(farm, 'GET', '/api/admin/users?status=removed&limit=500');
    expect(removed.statusCode).toBe(200);
    const removedList = removed.json() as ManagedUser[];
    expect(removedList.find((u) => u.id === returning.user.id)).toMatchObject({
      isActive: false,
      role: 'market_agent',
      marketAgent: { id: returning.marketAgentId },
    });
    expect(removedList.every((u) => !u.isActive)).toBe(true);
    expect((await listed()).some((u) => u.id === returning.user.id)).toBe(false);
    expect((await listed()).every((u) => u.isActive)).toBe(true);
    expect((await call(farm, 'GET', '/api/admin/users?status=gone')).statusCode).toBe(400);

    // Signing up again with the e-mail: a 409 that says why and who can help, on both forms.
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationFor('market_agent', { email: returning.user.email.toUpperCase() }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.emailOfRemovedAccount);
    const wizard = await app.inject({
      method: 'POST',
      url: '/api/auth/register-supplier',
      payload: {
        ...registrationFor('supplier', { email: returning.user.email }),
        contactPerson: 'X',
        certificationType: 'organic',
      },
    });
    expect(wizard.statusCode).toBe(409);
    expect(wizard.json().message).toBe(m.emailOfRemovedAccount);
    // An active account's e-mail keeps the usual message.
    const taken = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationFor('market_agent', { email: agent.user.email }),
    });
    expect(taken.json().message).toBe('An account with this email already exists');

    // The farm store restores it: back in the list, told live, signs in with its password, history intact.
    const farmStream = await openStream(otherFarm.cookie);
    const res = await call(farm, 'POST', `/api/admin/users/${returning.user.id}/restore`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: m.restored, user: { id: returning.user.id, isActive: true } });
    await farmStream.nextChange('users');
    expect((await listed()).some((u) => u.id === returning.user.id)).toBe(true);
    expect((await login(returning.user.email, returning.password)).statusCode).toBe(200);
    expect((await checkLedgerInvariant(app.db)).problems).toEqual([]);

    // Only a removed user can be restored.
    const twice = await call(farm, 'POST', `/api/admin/users/${returning.user.id}/restore`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(m.notRemoved);
  });

  it('is 404 unknown, 403 for a farm store account, 400 bad id; farm store only', async () => {
    expect((await call(farm, 'POST', '/api/admin/users/999999/restore')).statusCode).toBe(404);
    const farmStore = await call(farm, 'POST', `/api/admin/users/${otherFarm.user.id}/restore`);
    expect(farmStore.statusCode).toBe(403);
    expect(farmStore.json().message).toBe(m.farmStoreProtected);
    expect((await call(farm, 'POST', '/api/admin/users/abc/restore')).statusCode).toBe(400);
    const leaving = await registerAs(app, 'supplier');
    expect((await call(farm, 'DELETE', `/api/users/${leaving.user.id}`)).statusCode).toBe(200);
    const url = `/api/admin/users/${leaving.user.id}/restore`;
    expect((await call(null, 'POST', url)).statusCode).toBe(401);
    expect((await call(agent, 'POST', url)).statusCode).toBe(403);
    expect((await call(supplier, 'POST', url)).statusCode).toBe(403);
    expect((await call(agent, 'GET', '/api/admin/users?status=removed')).statusCode).toBe(403);
    expect((await call(farm, 'POST', url)).statusCode).toBe(200);
  });
});

describe('generatePassword', () => {
  it('is random text of 12 readable characters, never the same twice', () => {
    const seen = new Set(Array.from({ length: 200 }, generatePassword));
    expect(seen.size).toBe(200);
    for (const p of seen) expect(p).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{4}(-[a-km-zA-HJ-NP-Z2-9]{4}){2}$/);
  });
});
