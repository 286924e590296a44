// API tokens (decision 063): made once and kept hashed, every 401 and 403 a token can get, the Origin
// check they need not pass, their rate, their audit rows, and their end when the owner is removed or reset.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Account, registerAs } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { integrationMessages as m } from '../../../shared/integrations.ts';
import { apiTokens, auditLog } from '../../db/schema/index.ts';
import { insertApiToken } from '../../lib/api-tokens.ts';

const { app, farm } = await testFarm();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const asToken = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

async function makeToken(account: Account, body: Record<string, unknown>) {
  const res = await account.inject({ method: 'POST', url: '/api/api-tokens', payload: body });
  return res;
}

describe('making, listing and revoking tokens', () => {
  it('answers the token once, keeps only its SHA-256, and lists name, scope and dates without it', async () => {
    const res = await makeToken(farm, { name: 'Accounting', scope: 'write' });
    expect(res.statusCode).toBe(201);
    const { token, id } = res.json();
    expect(token).toMatch(/^ck_[A-Za-z0-9_-]{43}$/);
    const [row] = await app.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.slice(3));

    expect((await asToken(token, 'GET', '/api/auth/me')).json().user.id).toBe(farm.user.id);
    const list = await farm.inject({ method: 'GET', url: '/api/api-tokens' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token.slice(3));
    const listed = list.json().find((t: { id: number }) => t.id === id);
    expect(listed).toMatchObject({ name: 'Accounting', scope: 'write', expiresAt: null });
    expect(listed.lastUsedAt).not.toBeNull();
    expect(listed).not.toHaveProperty('token');
  });

  it('lets a market agent make read tokens only, and a supplier none', async () => {
    const agent = await registerAs(app, 'market_agent');
    expect((await makeToken(agent, { name: 'Sheet', scope: 'read' })).statusCode).toBe(201);
    const write = await makeToken(agent, { name: 'Sheet', scope: 'write' });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(m.agentWriteToken);
    const supplier = await registerAs(app, 'supplier');
    expect((await makeToken(supplier, { name: 'Mine', scope: 'read' })).statusCode).toBe(403);
  });

  it('refuses an expiry in the past', async () => {
    const res = await makeToken(farm, { name: 'Old', scope: 'read', expiresAt: '2020-01-01T00:00:00Z' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.expiresAt).toBe(m.expiryPast);
  });
});

describe('401: a token that is not live', () => {
  it('refuses an unknown token, a malformed one, a revoked one and an expired one, even beside a live cookie', async () => {
    const unknown = `ck_${'A'.repeat(43)}`;
    for (const header of [`Bearer ${unknown}`, 'Bearer not-a-token', 'Bearer']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: header, cookie: farm.cookie },
      });
      expect(res.statusCode, header).toBe(401);
      expect(res.json().message).toBe(m.tokenUnknown);
    }

    const { token, id } = (await makeToken(farm, { name: 'To revoke', scope: 'read' })).json();
    expect((await asToken(token, 'GET', '/api/transmissions')).statusCode).toBe(200);
    expect((await farm.inject({ method: 'DELETE', url: `/api/api-tokens/${id}` })).statusCode).toBe(200);
    expect((await asToken(token, 'GET', '/api/transmissions')).statusCode).toBe(401);
    expect((await farm.inject({ method: 'DELETE', url: `/api/api-tokens/${id}` })).statusCode).toBe(404);

    const soon = await makeToken(farm, {
      name: 'Expiring',
      scope: 'read',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const expiring = soon.json();
    expect((await asToken(expiring.token, 'GET', '/api/transmissions')).statusCode).toBe(200);
    await app.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expiring.id));
    expect((await asToken(expiring.token, 'GET', '/api/transmissions')).statusCode).toBe(401);
  });

  it('ends the tokens of a removed user for good, and of a user whose password the farm store reset', async () => {
    const agent = await registerAs(app, 'market_agent');
    const { token } = (await makeToken(agent, { name: 'Sheet', scope: 'read' })).json();
    expect((await asToken(token, 'GET', '/api/market-agents/me')).statusCode).toBe(200);
    expect((await farm.inject({ method: 'DELETE', url: `/api/admin/users/${agent.user.id}` })).statusCode).toBe(200);
    expect((await asToken(token, 'GET', '/api/market-agents/me')).statusCode).toBe(401);
    expect((await farm.inject({ method: 'POST', url: `/api/admin/users/${agent.user.id}/restore` })).statusCode).toBe(
      200,
    );
    expect((await asToken(token, 'GET', '/api/market-agents/me')).statusCode).toBe(401);

    const other = await registerAs(app, 'market_agent');
    const second = (await makeToken(other, { name: 'Sheet', scope: 'read' })).json().token;
    const reset = await farm.inject({
      method: 'POST',
      url: `/api/users/${other.user.id}/reset-password`,
      payload: { newPassword: 'another123' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await asToken(second, 'GET', '/api/market-agents/me')).statusCode).toBe(401);
  });

  it('keeps a token when its owner changes their own password', async () => {
    const agent = await registerAs(app, 'market_agent');
    const { token } = (await makeToken(agent, { name: 'Sheet', scope: 'read' })).json();
    const changed = await agent.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: agent.password, newPassword: 'changed123' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await asToken(token, 'GET', '/api/market-agents/me')).statusCode).toBe(200);
  });
});

describe('403: what a token may not do', () => {
  it('refuses a write with a read token, a route its owner may not use, and the session-only routes', async () => {
    const read = (await makeToken(farm, { name: 'Reader', scope: 'read' })).json().token;
    const write = (await makeToken(farm, { name: 'Writer', scope: 'write' })).json().token;
    const adjust = { quantity: 5, reason: 'Bought' };
    const refused = await asToken(read, 'POST', '/api/farm-store/stock-adjustments', adjust);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(m.tokenReadOnly);
    expect((await asToken(write, 'POST', '/api/farm-store/stock-adjustments', adjust)).statusCode).toBe(201);

    const agent = await registerAs(app, 'market_agent');
    // A write token of an agent (the API never makes one): still only what the agent may do.
    const agentWrite = await insertApiToken(app.db, {
      userId: agent.user.id,
      name: 'x',
      scope: 'write',
      expiresAt: null,
    });
    expect((await asToken(agentWrite.token, 'GET', '/api/audit')).statusCode).toBe(403);
    expect((await asToken(agentWrite.token, 'POST', '/api/farm-store/stock-adjustments', adjust)).statusCode).toBe(403);

    for (const [method, url, payload] of [
      ['GET', '/api/api-tokens', undefined],
      ['POST', '/api/api-tokens', { name: 'More', scope: 'write' }],
      ['GET', '/api/webhooks', undefined],
      ['POST', '/api/auth/change-password', { currentPassword: farm.password, newPassword: 'whatever123' }],
      ['GET', '/api/events', undefined],
    ] as const) {
      const res = await asToken(write, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(m.sessionOnly);
    }
  });
});

describe('a token request', () => {
  it('needs no Origin check, and its audit row names the token', async () => {
    const { token, id } = (await makeToken(farm, { name: 'Stock script', scope: 'write' })).json();
    const headers = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' };
    const payload = { quantity: 3, reason: 'Counted' };
    const withCookie = await farm.inject({
      method: 'POST',
      url: '/api/farm-store/stock-adjustments',
      headers,
      payload,
    });
    expect(withCookie.statusCode).toBe(403);
    const withToken = await app.inject({
      method: 'POST',
      url: '/api/farm-store/stock-adjustments',
      headers: { ...headers, ...bearer(token) },
      payload,
    });
    expect(withToken.statusCode).toBe(201);
    const rows = await app.db.select().from(auditLog).where(eq(auditLog.action, 'stock.adjust'));
    const last = rows.at(-1)!;
    expect(last.userId).toBe(farm.user.id);
    expect(last.summary).toContain(`API token “Stock script” (#${id})`);
  });
});

describe('the rate per token', async () => {
  const limited = await buildTestApp({ tokenRequestsPerMinute: 3 });
  const owner = await registerAs(limited, 'farm_store');
  it('answers 429 past its requests per minute, and another token goes on', async () => {
    const make = async () =>
      (await owner.inject({ method: 'POST', url: '/api/api-tokens', payload: { name: 'n', scope: 'read' } })).json()
        .token as string;
    const [one, two] = [await make(), await make()];
    const call = (token: string) =>
      limited.inject({ method: 'GET', url: '/api/transmissions', headers: bearer(token) });
    for (let i = 0; i < 3; i++) expect((await call(one)).statusCode).toBe(200);
    expect((await call(one)).statusCode).toBe(429);
    expect((await call(two)).statusCode).toBe(200);
  });
});
