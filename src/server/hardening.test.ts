// Hardening, one block per finding: each reproduction from the report, refused or fixed (decision 011).
import { randomBytes, scryptSync } from 'node:crypto';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAs, registrationFor, sessionCookie } from '../../tests/support/accounts.ts';
import { TEST_PASSWORD_COST } from '../../tests/support/cheap-passwords.ts';
import { buildTestApp } from '../../tests/support/test-app.ts';
import { testFarm } from '../../tests/support/test-farm.ts';
import { send } from '../../tests/support/transmissions.ts';
import { messages } from '../shared/auth.ts';
import { fieldMessages } from '../shared/fields.ts';
import { loadConfig, parseTrustProxy } from './config.ts';
import { LOGIN_DELAY_STEP_MS, loginDelayMs } from './features/auth/service.ts';
import { PASSWORD_COST, setPasswordCostForTests } from './lib/passwords.ts';
import { crossSiteMessage } from './plugins/security.ts';

const { app, farm, agents } = await testFarm({ stock: 100, agents: [{}] });
const [agent] = agents;

let address = 0;
/** A fresh client address per call, so per-address limits of one test don't touch another. */
const nextAddress = () => `10.77.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
/** POST /api/auth/login from `from`, a fresh address unless given. */
const signIn = (email: string, password: string, from = nextAddress()) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: from });
const contact = (overrides: Record<string, unknown> = {}) => ({
  name: 'Thandi',
  email: 'thandi@example.co.za',
  subject: 'Crates',
  message: 'Hello',
  ...overrides,
});
const count = async (table: string) =>
  Number((await app.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0].n);

describe('1. forged client addresses (TRUST_PROXY)', () => {
  it('is off by default: X-Forwarded-For does not give a fresh contact budget', async () => {
    const remoteAddress = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: contact(),
        remoteAddress,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('does not believe X-Forwarded-Proto for the Secure cookie flag by default', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationFor('supplier'),
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'ck_session')?.secure).toBeFalsy();
  });

  it('parses TRUST_PROXY as a hop count or addresses, refusing "true" and junk', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 172.16.0.0/12,::1')).toEqual(['10.0.0.1', '172.16.0.0/12', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });
});

// The apps with other settings, built at the top level (buildTestApp registers its own afterAll).
const proxied = await buildTestApp({ trustProxy: ['127.0.0.1'] });
const limited = await buildTestApp({ loginFailuresPerAddress: 2, loginFailuresPerEmail: 6 });
const slow = await buildTestApp({ requestTimeoutMs: 1_000 });
const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});
const logged = await buildTestApp({ logLevel: 'trace' }, { logStream });

describe('1. behind a trusted proxy', () => {
  it('believes the proxy it was told about, for the client address and the Secure flag', async () => {
    const res = await proxied.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationFor('supplier'),
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' },
    });
    expect(res.cookies.find((c) => c.name === 'ck_session')?.secure).toBe(true);
    // Each forwarded client has its own contact budget, but a client not behind the proxy does not.
    for (let i = 0; i < 6; i++) {
      const ok = await proxied.inject({
        method: 'POST',
        url: '/api/contact',
        payload: contact(),
        headers: { 'x-forwarded-for': `198.51.100.${i + 10}` },
      });
      expect(ok.statusCode).toBe(201);
    }
    const direct = { remoteAddress: '192.0.2.50', headers: { 'x-forwarded-for': '198.51.100.99' } };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await proxied.inject({ method: 'POST', url: '/api/contact', payload: contact(), ...direct })).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('2. sign-in lockout', () => {
  it("someone else's ten wrong passwords do not lock the owner out on another address", async () => {
    const owner = await registerAs(app, 'supplier');
    const attacker = nextAddress();
    for (let i = 0; i < 10; i++) {
      const res = await signIn(owner.user.email, `guess-${i}`, attacker);
      expect(res.statusCode).toBe(401);
    }
    const locked = await signIn(owner.user.email, owner.password, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(messages.tooManyAttempts);
    const res = await signIn(owner.user.email, owner.password);
    expect(res.statusCode).toBe(200);
  });

  it('slows a guesser spread over addresses and stops its addresses at the per-e-mail cap, not the owner', async () => {
    const owner = await registerAs(limited, 'supplier');
    const attempt = async (remoteAddress: string, password = 'wrong-guess') => {
      const started = Date.now();
      const res = await limited.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.user.email, password },
        remoteAddress,
      });
      return { status: res.statusCode, ms: Date.now() - started };
    };
    for (const a of ['192.0.2.1', '192.0.2.2']) {
      expect((await attempt(a)).status).toBe(401);
      expect((await attempt(a)).status).toBe(401);
    }
    // Four failures for the e-mail, two allowed per address: the next attempt waits two steps.
    const slowed = await attempt('192.0.2.3');
    expect(slowed.status).toBe(401);
    expect(slowed.ms).toBeGreaterThanOrEqual(loginDelayMs(4, 2) - 5);
    expect(await attempt('192.0.2.3')).toMatchObject({ status: 401 });
    // Six failures: every address that failed is refused for the window, even with the right password…
    expect((await attempt('192.0.2.3', owner.password)).status).toBe(429);
    // …but an address that never failed for this account still signs in (decision 025).
    expect((await attempt('192.0.2.4', owner.password)).status).toBe(200);
  });

  it('grows the delay per failure past one address budget, up to a cap', () => {
    expect(loginDelayMs(10, 10)).toBe(0);
    expect(loginDelayMs(12, 10)).toBe(2 * LOGIN_DELAY_STEP_MS);
    expect(loginDelayMs(1000, 10)).toBe(5_000);
  });
});

describe('3. text the database cannot store, and paging beyond int4', () => {
  const NUL = 'a\u0000b';
  const cases: {
    name: string;
    url: string;
    method: 'POST' | 'PUT';
    body: () => Promise<object>;
    field: string;
    as?: 'farm';
  }[] = [
    {
      name: 'contact name',
      method: 'POST',
      url: '/api/contact',
      body: async () => contact({ name: NUL }),
      field: 'name',
    },
    {
      name: 'contact e-mail',
      method: 'POST',
      url: '/api/contact',
      body: async () => contact({ email: `x${NUL}@a.co` }),
      field: 'email',
    },
    {
      name: 'contact subject',
      method: 'POST',
      url: '/api/contact',
      body: async () => contact({ subject: NUL }),
      field: 'subject',
    },
    {
      name: 'contact message',
      method: 'POST',
      url: '/api/contact',
      body: async () => contact({ message: NUL }),
      field: 'message',
    },
    {
      name: 'registration name',
      method: 'POST',
      url: '/api/auth/register',
      body: async () => registrationFor('supplier', { name: NUL }),
      field: 'name',
    },
    {
      name: 'registration business',
      method: 'POST',
      url: '/api/auth/register',
      body: async () => registrationFor('supplier', { businessName: NUL }),
      field: 'businessName',
    },
    {
      name: 'login e-mail',
      method: 'POST',
      url: '/api/auth/login',
      body: async () => ({ email: NUL, password: 'x' }),
      field: 'email',
    },
    {
      name: 'stock reason',
      method: 'POST',
      url: '/api/farm-store/stock-adjustments',
      body: async () => ({ quantity: 1, reason: NUL }),
      field: 'reason',
      as: 'farm',
    },
    {
      name: 'transmission notes',
      method: 'POST',
      url: '/api/transmissions',
      body: async () => ({
        type: 'farm_to_market',
        marketAgentId: agent.marketAgentId,
        toUserId: agent.user.id,
        quantity: 1,
        notes: NUL,
      }),
      field: 'notes',
      as: 'farm',
    },
    {
      name: 'resolve note',
      method: 'PUT',
      url: '/api/transmissions/1/resolve',
      body: async () => ({ note: NUL }),
      field: 'note',
      as: 'farm',
    },
  ];

  for (const c of cases) {
    it(`refuses a NUL character in the ${c.name} with 400 and a field message`, async () => {
      const tables = ['contact_messages', 'users', 'crate_movements', 'transmissions', 'rate_limits'];
      const before = await Promise.all(tables.map(count));
      const options = { method: c.method, url: c.url, payload: await c.body(), remoteAddress: nextAddress() };
      const res = c.as === 'farm' ? await farm.inject(options) : await app.inject(options);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[c.field]).toBe(fieldMessages.badCharacters);
      expect(await Promise.all(tables.map(count))).toEqual(before);
    });
  }

  it('refuses lone surrogates and control characters, keeps tabs and newlines', async () => {
    for (const name of ['\ud800', 'x\udc00', 'bell\u0007', 'del\u007f']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: contact({ name }),
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode).toBe(400);
    }
    const ok = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: contact({ message: 'line one\n\tline two 🌶️' }),
      remoteAddress: nextAddress(),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses ?limit= and ?before= beyond their range with 400, never 500', async () => {
    for (const url of [
      '/api/outbox?before=99999999999',
      '/api/outbox?limit=99999999999',
      '/api/contact-messages?before=2147483648',
      '/api/transmissions?limit=1e3',
      '/api/transmissions?before=0x10',
      '/api/transmissions/recent?limit=-1',
      '/api/farm-store/stock-adjustments?before=1.5',
    ]) {
      const res = await farm.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/limit|before/);
    }
    expect((await farm.inject({ method: 'GET', url: '/api/outbox?limit=500&before=2147483647' })).statusCode).toBe(200);
  });
});

describe('4. ids and counts are JSON integers', () => {
  it('refuses marketAgentId true, [id] and "id" without creating anything', async () => {
    const before = await count('transmissions');
    for (const marketAgentId of [true, [agent.marketAgentId], String(agent.marketAgentId)]) {
      const res = await farm.inject({
        method: 'POST',
        url: '/api/transmissions',
        payload: { type: 'farm_to_market', marketAgentId, toUserId: agent.user.id, quantity: 1 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.marketAgentId).toBeDefined();
    }
    expect(await count('transmissions')).toBe(before);
  });

  it('refuses actualQuantity "5" and leaves the transmission pending', async () => {
    const sent = await send(farm, agent, 5);
    const res = await agent.inject({
      method: 'PUT',
      url: `/api/transmissions/${sent.id}/acknowledge`,
      payload: { actualQuantity: '5' },
    });
    expect(res.statusCode).toBe(400);
    const incoming = await agent.inject({ method: 'GET', url: '/api/transmissions/incoming' });
    expect(incoming.json().some((t: { id: number }) => t.id === sent.id)).toBe(true);
  });

  it('takes path ids as plain decimal digits only', async () => {
    const [row] = (await app.inject({ method: 'GET', url: '/api/pepper-pricing' })).json();
    for (const id of ['0x1', `${row.id}e0`, `+${row.id}`, ` ${row.id}`, '0', '1.0']) {
      const res = await farm.inject({
        method: 'PATCH',
        url: `/api/pepper-pricing/${encodeURIComponent(id)}`,
        payload: { pricePerCrate: 12_345, availability: 'Limited' },
      });
      expect(res.statusCode, id).toBe(400);
    }
    const after = (await app.inject({ method: 'GET', url: '/api/pepper-pricing' })).json()[0];
    expect(after.pricePerCrate).toBe(row.pricePerCrate);
    expect(
      (await farm.inject({ method: 'PATCH', url: '/api/contact-messages/0x1', payload: { isRead: true } })).statusCode,
    ).toBe(400);
    expect((await agent.inject({ method: 'PUT', url: '/api/transmissions/1e0/acknowledge' })).statusCode).toBe(400);
  });
});

describe('6. logs', () => {
  it('logs a failed insert without its parameters, and never a request body', async () => {
    await logged.db.execute(sql`create function ck_refuse_insert() returns trigger language plpgsql as $$
      begin raise exception 'inserts are refused in this test'; end $$`);
    await logged.db.execute(
      sql`create trigger ck_refuse_insert before insert on users for each row execute function ck_refuse_insert()`,
    );
    const body = registrationFor('supplier', { password: 'body-secret-4711' });
    const res = await logged.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    const log = lines.join('');
    const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.level === 50);
    expect(failure.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(failure.err.cause.message).toBe('inserts are refused in this test');
    expect(failure.err.cause.code).toBe('P0001');
    expect(log).not.toContain('scrypt$');
    expect(log).not.toContain(body.email);
    expect(log).not.toContain('body-secret-4711');
    expect(log).not.toMatch(/params:/);
  });
});

describe('7. slow bodies', () => {
  it('closes a request whose body trickles in slower than the request timeout', async () => {
    await slow.listen({ port: 0, host: '127.0.0.1' });
    const { port } = slow.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    const answer: string[] = [];
    socket.on('data', (d) => answer.push(d.toString()));
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    const started = Date.now();
    socket.write(
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    const drip = setInterval(() => socket.writable && socket.write(' '), 200);
    const at = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), 8_000))]);
    clearInterval(drip);
    socket.destroy();
    expect(at).toBeGreaterThan(0);
    expect(at - started).toBeLessThan(6_000);
    expect(answer.join('')).toMatch(/^HTTP\/1\.1 408/);
  });

  it('sets a request timeout by default', () => {
    expect(app.server.requestTimeout).toBe(30_000);
  });
});

describe('8. sessions', () => {
  it('ends the old session when a signed-in browser signs in again', async () => {
    const account = await registerAs(app, 'supplier');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.user.email, password: account.password },
      headers: { cookie: account.cookie },
    });
    expect(res.statusCode).toBe(200);
    const fresh = sessionCookie(res);
    expect(fresh).not.toBe(account.cookie);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: account.cookie } })).statusCode,
    ).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: fresh } })).statusCode).toBe(200);
  });

  it('issues a new token on a password change; the old one and other sessions end', async () => {
    const account = await registerAs(app, 'supplier');
    const other = sessionCookie(
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.user.email, password: account.password },
      }),
    );
    const res = await account.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: account.password, newPassword: 'another-secret' },
    });
    expect(res.statusCode).toBe(200);
    const fresh = sessionCookie(res);
    expect(fresh).not.toBe(account.cookie);
    const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect((await me(account.cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('purges expired sessions and stale rate-limit rows on a schedule, keeping live ones', async () => {
    const account = await registerAs(app, 'supplier');
    await app.db.execute(sql`insert into sessions (token_hash, user_id, expires_at)
      values ('expired-test-token', ${account.user.id}, now() - interval '1 minute')`);
    await app.db.execute(sql`insert into rate_limits (key, hits, window_start) values
      ('test:stale', 3, now() - interval '2 days'), ('test:fresh', 3, now())`);
    expect(app.jobs.names()).toContain('purge-expired-sessions-and-rate-limits');
    expect(await app.jobs.runNow('purge-expired-sessions-and-rate-limits')).toBe('ran');
    const tokens = await app.db.execute<{ token_hash: string }>(
      sql`select token_hash from sessions where user_id = ${account.user.id}`,
    );
    expect(tokens.rows.map((r) => r.token_hash)).not.toContain('expired-test-token');
    expect(tokens.rows).toHaveLength(1);
    expect((await account.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    const keys = (await app.db.execute<{ key: string }>(sql`select key from rate_limits where key like 'test:%'`)).rows;
    expect(keys.map((k) => k.key)).toEqual(['test:fresh']);
  });
});

describe('9. cross-site requests', () => {
  const post = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/contact', payload: contact(), headers, remoteAddress: nextAddress() });

  it('refuses a mutation a browser marks cross-site, or whose Origin is another site', async () => {
    const before = await count('contact_messages');
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost.evil.example' },
    ]) {
      const res = await post(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ message: crossSiteMessage });
    }
    const empty = await farm.inject({
      method: 'PUT',
      url: '/api/transmissions/1/acknowledge',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(empty.statusCode).toBe(403);
    expect(await count('contact_messages')).toBe(before);
  });

  it('lets through same-origin requests, the dev server on another port, reads, and clients without the headers', async () => {
    expect((await post({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' })).statusCode).toBe(201);
    expect((await post({ origin: 'http://localhost:5173' })).statusCode).toBe(201);
    expect((await post({})).statusCode).toBe(201);
    const read = await app.inject({
      method: 'GET',
      url: '/api/pepper-pricing',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('10. passwords', () => {
  // The other tests hash cheaply (tests/support/cheap-passwords.ts); these prove the real cost.
  beforeAll(() => setPasswordCostForTests(PASSWORD_COST));
  afterAll(() => setPasswordCostForTests(TEST_PASSWORD_COST));
  const storedHash = async (userId: number) =>
    (await app.db.execute<{ password_hash: string }>(sql`select password_hash from users where id = ${userId}`)).rows[0]
      .password_hash;
  const realCost = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

  it('hashes new passwords with argon2id at m = 19 MiB, t = 2, p = 1 (decision 025)', async () => {
    const account = await registerAs(app, 'supplier');
    expect(await storedHash(account.user.id)).toMatch(realCost);
  });

  // Decisions 005 and 011 stored scrypt hashes (N = 2^14, then 2^17): they still sign in, once.
  it.each([16384, 131072])(
    'accepts a scrypt hash at N = %i and replaces it with argon2id on the next sign-in',
    async (N) => {
      const account = await registerAs(app, 'supplier');
      const salt = randomBytes(16);
      const key = scryptSync(account.password, salt, 32, { N, r: 8, p: 1, maxmem: 128 * N * 8 + 16 * 1024 * 1024 });
      const old = ['scrypt', N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
      await app.db.execute(sql`update users set password_hash = ${old} where id = ${account.user.id}`);
      const login = (password: string) => signIn(account.user.email, password);
      expect((await login('not-the-password')).statusCode).toBe(401);
      expect(await storedHash(account.user.id)).toBe(old);
      expect((await login(account.password)).statusCode).toBe(200);
      expect(await storedHash(account.user.id)).toMatch(realCost);
      expect((await login(account.password)).statusCode).toBe(200);
    },
  );

  it('refuses a stored hash that asks for more memory than any it ever wrote, without computing it', async () => {
    const account = await registerAs(app, 'supplier');
    const huge = (await storedHash(account.user.id)).replace('m=19456', 'm=4194304');
    await app.db.execute(sql`update users set password_hash = ${huge} where id = ${account.user.id}`);
    const res = await signIn(account.user.email, account.password);
    expect(res.statusCode).toBe(401);
  });
});

describe('11. small ones', () => {
  it('sends a Permissions-Policy header: the camera for the app itself only (label scanning, decision 073)', async () => {
    for (const url of ['/api/health', '/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy']).toMatch(/camera=\(self\)/);
      expect(res.headers['permissions-policy']).toMatch(/microphone=\(\)/);
    }
  });

  it("turns the framework's own errors into {message}", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/transmissions/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The address of this request is not valid' });
    const empty = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json', 'content-length': '5' },
      payload: '{}',
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json())).toEqual(['message']);
    expect(empty.body).not.toMatch(/FST_ERR/);
  });

  it("keeps the price export's <style> block as CSS", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/pepper-pricing/export', remoteAddress: nextAddress() });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;");
    expect(res.body).not.toContain('&#39;Segoe UI&#39;');
  });
});
