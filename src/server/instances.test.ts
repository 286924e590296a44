// Several app instances on one PostgreSQL: two instances of the real app share a
// database, as two processes behind a proxy would. A session made on one works on the other; a change
// made through one reaches an event stream on the other in under a second; a rate limit counts across
// both; a scheduled job (the weekly reports, the e-mail retry) runs once for a slot, not twice; a
// billing cycle created on one is current on the other at once, read cache and all. PGlite is one
// process, so there every test here is reported as skipped, never as passed.
import { afterAll, describe, expect, it } from 'vitest';
import { registerAs } from '../../tests/support/accounts.ts';
import { openEventStream } from '../../tests/support/event-stream.ts';
import { buildTestApp, testConfig } from '../../tests/support/test-app.ts';
import { registerAgent, send } from '../../tests/support/transmissions.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { FARM_WEEKLY_EMAIL_JOB } from './features/insights/jobs.ts';
import { addDays, farmToday } from './lib/farm-date.ts';
import { OUTBOX_RETRY_JOB } from './plugins/mailer.ts';
import { CHANGE_ID_HEADER, SEEN_CHANGE_HEADER } from './plugins/read-cache.ts';

const LOGIN_LIMIT = 4;
const onPostgres = process.env.TEST_DB === 'postgres';

// The describe's body runs when tests are collected, even when skipped: only on PostgreSQL is it declared.
const twoInstances = onPostgres ? describe : describe.skip;
twoInstances('two instances on one PostgreSQL', async () => {
  if (!onPostgres) return;
  // With SMTP configured, as production would be: the e-mail retry job exists (it finds nothing due).
  const smtp = { smtpUrl: 'smtp://127.0.0.1:9' };
  const a = await buildTestApp({ loginLimitPerIp: LOGIN_LIMIT, ...smtp });
  const databaseB = await openDatabase({ url: a.database.url!, poolSize: 4 }, { migrate: false });
  const b = await buildApp({ config: testConfig({ loginLimitPerIp: LOGIN_LIMIT, ...smtp }), database: databaseB });
  afterAll(async () => {
    await b.close();
    await databaseB.close();
  });
  const farm = await registerAs(a, 'farm_store');
  const onB = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
    b.inject({ method, url, headers: { cookie: farm.cookie, ...headers }, ...(payload ? { payload } : {}) });

  it('a session made on one instance works on the other, and a sign-out on one ends it on both', async () => {
    const agent = await registerAgent(a);
    const session = await b.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: agent.cookie } });
    expect(session.json().user).toMatchObject({ id: agent.user.id, role: 'market_agent' });
    // Read once more on B so its session cache holds it, then sign out on A.
    expect(
      (await b.inject({ method: 'GET', url: '/api/market-agents/me', headers: { cookie: agent.cookie } })).statusCode,
    ).toBe(200);
    expect((await agent.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (await b.inject({ method: 'GET', url: '/api/market-agents/me', headers: { cookie: agent.cookie } }))
            .statusCode,
        {
          timeout: 1000,
        },
      )
      .toBe(401);
  });

  it('a change made through one instance reaches an event stream on the other in under a second', async () => {
    const agent = await registerAgent(a);
    await registerAs(a, 'farm_store'); // a second farm store user keeps the farm's stock moves apart
    const stream = await openEventStream(b, agent.cookie);
    await stream.next((m) => m.event === 'ready');
    const stock = await farm.inject({
      method: 'POST',
      url: '/api/farm-store/stock-adjustments',
      payload: { quantity: 20, reason: 'Bought crates' },
    });
    expect(stock.statusCode).toBe(201);
    const started = Date.now();
    await send(farm, agent, 5); // through A
    const change = await stream.nextChange('transmissions', { timeoutMs: 1000 });
    expect(change.at - started).toBeLessThan(1000);
  });

  it('a rate limit counts the attempts made on both instances together', async () => {
    const attempt = (app: typeof a) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'someone@example.com', password: 'wrong-one' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT; i++) statuses.push((await attempt(i % 2 === 0 ? a : b)).statusCode);
    expect(statuses.every((s) => s === 401)).toBe(true);
    // The limit is spent across both: the next attempt is refused on either instance.
    expect((await attempt(a)).statusCode).toBe(429);
    expect((await attempt(b)).statusCode).toBe(429);
  });

  it('a scheduled job runs once for a slot, whichever instance wakes first', async () => {
    for (const name of ['weekly-reports', FARM_WEEKLY_EMAIL_JOB, OUTBOX_RETRY_JOB]) {
      const slot = new Date('2026-03-02T04:00:00Z');
      const outcomes = await Promise.all([a.jobs.runNow(name, slot), b.jobs.runNow(name, slot)]);
      expect(
        outcomes.filter((o) => o === 'ran'),
        `${name}: ${outcomes.join(', ')}`,
      ).toHaveLength(1);
      // Later, the same slot again on either: done already.
      expect(await b.jobs.runNow(name, slot)).toBe('done-already');
      expect(await a.jobs.runNow(name, slot)).toBe('done-already');
    }
  });

  it('a billing cycle created on one instance is current on the other at once', async () => {
    const before = await onB('GET', '/api/billing/current-cycle');
    expect(before.statusCode).toBe(200);
    const again = await onB('GET', '/api/billing/current-cycle', { 'if-none-match': String(before.headers.etag) });
    expect(again.statusCode).toBe(304); // B answers it from memory now

    const today = farmToday(a.config.farmTimezone);
    const created = await farm.inject({
      method: 'POST',
      url: '/api/billing/create-cycle',
      payload: { startDate: addDays(today, -3), endDate: addDays(today, 3), ratePerCrate: '1.50' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const changeId = String(created.headers[CHANGE_ID_HEADER]);
    expect(changeId).toMatch(/^\d+$/);

    // The browser that created it names the change: B reads it fresh even if its listener is behind.
    const named = await onB('GET', '/api/billing/current-cycle', { [SEEN_CHANGE_HEADER]: changeId });
    expect(named.json()).toMatchObject({ id: created.json().id });
    // Anyone else on B sees it as soon as the change event arrives (milliseconds).
    await expect
      .poll(async () => (await onB('GET', '/api/billing/current-cycle')).json()?.id, { timeout: 1000 })
      .toBe(created.json().id);
  });
});

if (!onPostgres) {
  describe('two instances on one PostgreSQL (PGlite run)', () => {
    it.skip('needs PostgreSQL: the PostgreSQL run of the suite runs these', () => {});
  });
}
