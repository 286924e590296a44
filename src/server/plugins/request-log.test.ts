// The request log: one JSON line per request at info with route, status, time and user id;
// at debug a line as each request arrives and one per query with its time. Never a password, a
// session token, a cookie, a reset password or a bank account number, whatever the request carried.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { registerAs, registrationFor } from '../../../tests/support/accounts.ts';
import { bankDetails } from '../../../tests/support/billing.ts';
import { buildTestApp } from '../../../tests/support/test-app.ts';
import { registerAgent } from '../../../tests/support/transmissions.ts';

type Line = Record<string, unknown>;

async function appWithLog(logLevel: string) {
  const lines: Line[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const app = await buildTestApp({ logLevel }, { logStream: stream });
  return { app, lines, raw };
}

describe('at info', async () => {
  const { app, lines, raw } = await appWithLog('info');

  it('writes one line per request: method, route, path, status, time and who', async () => {
    const farm = await registerAs(app, 'farm_store');
    lines.length = 0;
    await farm.inject({ method: 'GET', url: '/api/transmissions?limit=5' });
    await app.inject({ method: 'GET', url: '/api/clients/42' });
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/api/transmissions',
      path: '/api/transmissions',
      status: 200,
      userId: farm.user.id,
    });
    expect(requests[0].ms).toEqual(expect.any(Number));
    expect(requests[1]).toMatchObject({
      route: '/api/clients/:id',
      path: '/api/clients/42',
      status: 401,
      userId: null,
    });
    // Fastify's own "incoming request" / "request completed" lines are off.
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
    expect(raw.join('')).not.toContain('limit=5');
  });

  it('never logs a password, a session token, a cookie, a reset password or an account number', async () => {
    const secrets: string[] = [];
    const registration = registrationFor('farm_store', { password: 'Zebra-Password-4471' });
    const registered = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration });
    expect(registered.statusCode).toBe(200);
    const token = registered.cookies.find((c) => c.name === 'ck_session')!.value;
    secrets.push(registration.password, token);
    const cookie = `ck_session=${token}`;

    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: registration.email, password: 'Wrong-Password-9902' },
    });
    expect(signIn.statusCode).toBe(401);
    secrets.push('Wrong-Password-9902');

    const agent = await registerAgent(app);
    const account = { ...bankDetails, accountNumber: '9081726354' };
    const bank = await agent.inject({ method: 'PUT', url: '/api/market-agents/me/bank-details', payload: account });
    expect(bank.statusCode, bank.body).toBe(200);
    secrets.push(account.accountNumber, agent.cookie.split('=')[1]);

    const reset = await app.inject({
      method: 'POST',
      url: `/api/users/${agent.user.id}/reset-password`,
      headers: { cookie },
      payload: {},
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const generated = reset.json().generatedPassword as string;
    expect(generated).toBeTruthy();
    secrets.push(generated as string);

    const changed = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: registration.password, newPassword: 'Giraffe-Password-5583' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(500);
    secrets.push('Giraffe-Password-5583');

    const log = raw.join('');
    expect(log).toContain('"msg":"request"');
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
    expect(log).not.toMatch(/ck_session|cookie|authorization/i);
  });
});

describe('at debug', async () => {
  const { app, lines } = await appWithLog('debug');

  it('adds a line as each request arrives and each query with its time (no values)', async () => {
    const farm = await registerAs(app, 'farm_store');
    lines.length = 0;
    await farm.inject({ method: 'GET', url: '/api/market-agents' });
    expect(lines.find((l) => l.msg === 'request received')).toMatchObject({
      method: 'GET',
      path: '/api/market-agents',
    });
    const queries = lines.filter((l) => l.msg === 'query');
    expect(queries.length).toBeGreaterThan(0);
    expect(queries[0]).toMatchObject({ level: 20, sql: expect.any(String), ms: expect.any(Number), failed: false });
    expect(JSON.stringify(queries)).not.toContain(farm.user.email);
  });
});
