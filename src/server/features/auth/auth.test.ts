import { describe, expect, it } from 'vitest';
import { registerAs, registrationFor, sessionCookie } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { messages } from '../../../shared/auth.ts';
import { SESSION_COOKIE_GRACE_HOURS } from '../../lib/sessions.ts';

const app = await buildTestApp();
// A second app with a small per-IP limit keeps the rate-limit test fast.
const limited = await buildTestApp({ loginLimitPerIp: 5 });
const post = (url: string, payload?: unknown, cookie?: string) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

describe('POST /api/auth/register', () => {
  it('registers a market agent with its agent record and signs it in', async () => {
    const body = registrationFor('market_agent');
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toMatchObject({ name: body.name, email: body.email, role: 'market_agent' });
    // The flag that a printed first password must be changed (decision 050) is no secret.
    expect(res.body.replaceAll('"mustChangePassword"', '')).not.toMatch(/password|hash|scrypt/i);
    const cookie = res.cookies.find((c) => c.name === 'ck_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const agents = await app.database.db.query.marketAgents.findMany();
    const agent = agents.find((a) => a.userId === user.id);
    expect(agent).toMatchObject({
      businessName: 'Test Produce',
      marketName: 'Johannesburg Market',
      location: 'Johannesburg',
    });
    expect(agent?.agentNumber).toMatch(/^MA-\d{4}$/);
  });

  it('gives each agent its own agent number', async () => {
    const a = await registerAs(app, 'market_agent');
    const b = await registerAs(app, 'market_agent');
    const rows = await app.database.db.query.marketAgents.findMany();
    const numbers = rows.filter((r) => [a.user.id, b.user.id].includes(r.userId)).map((r) => r.agentNumber);
    expect(new Set(numbers).size).toBe(2);
  });

  it('refuses fields the form does not offer (400 naming them), and registers a supplier not approved', async () => {
    const sneaky = await post(
      '/api/auth/register',
      registrationFor('supplier', { isApproved: true, status: 'approved', id: 999, userId: 1 }),
    );
    expect(sneaky.statusCode).toBe(400);
    expect(Object.keys(sneaky.json().errors).sort()).toEqual(['id', 'isApproved', 'status', 'userId']);
    const res = await post('/api/auth/register', registrationFor('supplier'));
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    const supplier = (await app.database.db.query.suppliers.findMany()).find((s) => s.userId === user.id);
    expect(supplier).toMatchObject({ status: 'pending', businessName: 'Test Farm', farmLocation: 'Limpopo' });
  });

  it('requires the market agent fields with the spec message', async () => {
    const res = await post('/api/auth/register', registrationFor('market_agent', { businessName: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.marketAgentFields);
  });

  it('names the missing market agent field, and creates nothing', async () => {
    const body = registrationFor('market_agent', { contactNumber: '' });
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: messages.marketAgentFields,
      errors: { contactNumber: messages.marketAgentFields },
    });
    expect(res.json().errors).not.toHaveProperty('marketLocation');
    const users = await app.database.db.query.users.findMany();
    expect(users.some((u) => u.email === body.email)).toBe(false);
  });

  it('refuses a contact number that is not a phone number (agent and supplier), and takes SA and international ones', async () => {
    for (const role of ['market_agent', 'supplier'] as const) {
      const res = await post('/api/auth/register', registrationFor(role, { contactNumber: 'abc' }));
      expect(res.statusCode, role).toBe(400);
      expect(res.json()).toMatchObject({
        message: messages.contactNumberInvalid,
        errors: { contactNumber: messages.contactNumberInvalid },
      });
    }
    for (const contactNumber of ['+27 82 555 0101', '+44 20 7946 0958', '(012) 345 6789']) {
      const res = await post('/api/auth/register', registrationFor('market_agent', { contactNumber }));
      expect(res.statusCode, contactNumber).toBe(200);
    }
  });

  it('requires the supplier fields with the spec message', async () => {
    const res = await post('/api/auth/register', registrationFor('supplier', { produceTypes: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.supplierFields);
  });

  it('refuses a farm store without the right access code, never revealing it, and creates nothing', async () => {
    const body = registrationFor('farm_store', { farmAccessCode: 'WRONG' });
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.invalidFarmAccessCode);
    expect(res.body).not.toContain('TEST-FARM-CODE');
    const users = await app.database.db.query.users.findMany();
    expect(users.some((u) => u.email === body.email)).toBe(false);
  });

  it('registers a farm store with the access code', async () => {
    const res = await post('/api/auth/register', registrationFor('farm_store'));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('farm_store');
  });

  it('rejects a short password, a bad e-mail and an unknown role', async () => {
    const short = await post('/api/auth/register', registrationFor('supplier', { password: '12345' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(messages.passwordTooShort);
    const email = await post('/api/auth/register', registrationFor('supplier', { email: 'not-an-email' }));
    expect(email.statusCode).toBe(400);
    expect(email.json().errors.email).toBe('Please enter a valid email address');
    const role = await post('/api/auth/register', registrationFor('supplier', { role: 'admin' }));
    expect(role.statusCode).toBe(400);
  });

  it('treats e-mails case-insensitively: a duplicate is 409', async () => {
    const body = registrationFor('supplier');
    expect((await post('/api/auth/register', body)).statusCode).toBe(200);
    const again = await post('/api/auth/register', { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.emailTaken);
  });
});

describe('POST /api/auth/login and /logout, GET /api/auth/me', () => {
  it('signs in with any case of the e-mail, reads the user, signs out', async () => {
    const account = await registerAs(app, 'supplier');
    const login = await post('/api/auth/login', {
      email: account.user.email.toUpperCase(),
      password: account.password,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id).toBe(account.user.id);
    const cookie = sessionCookie(login);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: expect.objectContaining({ id: account.user.id, role: 'supplier' }) });
    expect(me.body).not.toMatch(/passwordHash|scrypt/);
    expect((await post('/api/auth/logout', undefined, cookie)).statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(messages.notSignedIn);
  });

  it('gives the same 401 message for an unknown e-mail and a wrong password', async () => {
    const account = await registerAs(app, 'supplier');
    const wrong = await post('/api/auth/login', { email: account.user.email, password: 'nope-nope' });
    const unknown = await post('/api/auth/login', { email: 'nobody@test.farm', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(messages.invalidCredentials);
  });

  it('requires e-mail and password', async () => {
    const res = await post('/api/auth/login', { email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.loginRequired);
  });

  it('limits failed sign-ins per e-mail with 429', async () => {
    const account = await registerAs(app, 'supplier');
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/auth/login', { email: account.user.email, password: 'wrong-pass' })).statusCode).toBe(
        401,
      );
    }
    const limited = await post('/api/auth/login', { email: account.user.email, password: account.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(messages.tooManyAttempts);
  });

  it('limits sign-ins per IP with 429', async () => {
    const ip = '10.9.8.7';
    const statuses: number[] = [];
    for (let i = 0; i < limited.config.loginLimitPerIp + 1; i++) {
      const res = await limited.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `x${i}@test.farm`, password: 'whatever' },
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected.
    const other = await limited.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'y@test.farm', password: 'x' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('ends an expired session', async () => {
    const account = await registerAs(app, 'supplier');
    await app.database.db.execute(
      `update sessions set expires_at = now() - interval '1 minute' where user_id = ${account.user.id}` as never,
    );
    const me = await account.inject({ method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(401);
  });

  it('sets the cookie to expire SESSION_COOKIE_GRACE_HOURS after the session (SESSION_TTL_HOURS)', async () => {
    // The cookie outlives its session so that the server can say the session expired (decision 040).
    const res = await post('/api/auth/register', registrationFor('supplier'));
    const cookie = res.cookies.find((c) => c.name === 'ck_session')!;
    const hours = ((cookie.expires as Date).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(167 + SESSION_COOKIE_GRACE_HOURS);
    expect(hours).toBeLessThanOrEqual(168 + SESSION_COOKIE_GRACE_HOURS);
  });
});

describe('POST /api/auth/change-password', () => {
  it('changes the password, ends every session and signs this browser in with a new token', async () => {
    const account = await registerAs(app, 'market_agent');
    const other = sessionCookie(
      await post('/api/auth/login', { email: account.user.email, password: account.password }),
    );
    const res = await account.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: account.password, newPassword: 'brand-new-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password changed successfully');
    expect((await account.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const fresh = sessionCookie(res);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: fresh } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: other } })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: account.user.email, password: 'brand-new-1' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a wrong current password, a short new one, and a signed-out caller', async () => {
    const account = await registerAs(app, 'supplier');
    const wrong = await account.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'not-it', newPassword: 'brand-new-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.currentPasswordWrong);
    const short = await account.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: account.password, newPassword: '123' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(messages.passwordTooShortLong);
    const signedOut = await post('/api/auth/change-password', { currentPassword: 'a', newPassword: 'bbbbbb' });
    expect(signedOut.statusCode).toBe(401);
  });
});
