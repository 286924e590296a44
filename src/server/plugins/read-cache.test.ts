// Hot reads from memory, through HTTP (decision 032): a repeated read is answered without
// the database, an ETag turns it into a 304, and the cache never serves another caller's answer nor
// anything older than a write the caller could know of: its own (through HTTP or not), or one another
// instance told it of. Rows are changed behind the app's back with raw SQL (no change event) to tell
// an answer from memory from one read again.
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerAs } from '../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../tests/support/test-app.ts';
import { farmWithAgents, json, send } from '../../../tests/support/transmissions.ts';
import { audiences, recordChange } from '../lib/changes.ts';
import { CHANGE_ID_HEADER, SEEN_CHANGE_HEADER } from './read-cache.ts';

const app = await buildTestApp();
const { farm, agent, otherAgent, supplier } = await farmWithAgents(app, 500);

/** Changes an agent's contact number without telling anyone (no change event). */
const quietlySetNumber = (marketAgentId: number, contactNumber: string) =>
  app.db.execute(sql`update market_agents set contact_number = ${contactNumber} where id = ${marketAgentId}`);

const myNumber = async (headers: Record<string, string> = {}) =>
  (await agent.inject({ method: 'GET', url: '/api/market-agents/me', headers })).json().contactNumber as string;

describe('a repeated read', () => {
  it('is answered from memory until a change to what it shows', async () => {
    const before = await myNumber();
    await quietlySetNumber(agent.marketAgentId, '0110000001');
    expect(await myNumber()).toBe(before);

    // Any recorded change to its scopes (a delivery to the agent, a price) makes it read again.
    await send(farm, agent, 3);
    expect(await myNumber()).toBe('0110000001');
    await quietlySetNumber(agent.marketAgentId, before);
    expect(await myNumber()).toBe('0110000001');
    const price = await farm.inject({
      method: 'PATCH',
      url: '/api/pepper-pricing/1',
      payload: { pricePerCrate: 101, availability: 'In Season' },
    });
    expect(price.statusCode, price.body).toBe(200);
    expect(await myNumber()).toBe(before);
  });

  it('carries an ETag; sending it back gets 304 with no body until the answer changes', async () => {
    const first = await farm.inject({ method: 'GET', url: '/api/transmissions/recent' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await farm.inject({
      method: 'GET',
      url: '/api/transmissions/recent',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-store');

    await send(farm, agent, 2);
    const changed = await farm.inject({
      method: 'GET',
      url: '/api/transmissions/recent',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()[0].quantity).toBe(2);
  });

  it('an ETag from a read that went to the database gets its 304 too', async () => {
    app.readCache.pause(true);
    try {
      const first = await agent.inject({ method: 'GET', url: '/api/transmissions/pending-count' });
      const again = await agent.inject({
        method: 'GET',
        url: '/api/transmissions/pending-count',
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    } finally {
      app.readCache.pause(false);
    }
  });
});

describe('gzip', () => {
  const recent = (headers: Record<string, string>) =>
    farm.inject({ method: 'GET', url: '/api/transmissions/recent?limit=50', headers });

  it('a big answer from memory goes gzipped to a caller that takes it, the same JSON, with its 304', async () => {
    await send(farm, agent, 4);
    const plain = await recent({});
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');

    const zipped = await recent({ 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(zipped.headers.etag).toBe(`W/${plain.headers.etag}`);

    // Either ETag the caller holds is the same content: 304.
    for (const etag of [plain.headers.etag, zipped.headers.etag] as string[]) {
      const again = await recent({ 'accept-encoding': 'gzip', 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
    }
  });

  it('goes plain to a caller that refuses gzip, and when the answer is small', async () => {
    const refused = await recent({ 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    await myNumber();
    const small = await agent.inject({
      method: 'GET',
      url: '/api/market-agents/me',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().contactNumber).toEqual(expect.any(String));
  });
});

describe('never what the caller may not see', () => {
  it("one caller's answer is never another's, on the same URL", async () => {
    const mine = (await agent.inject({ method: 'GET', url: '/api/market-agents/me' })).json();
    const theirs = (await otherAgent.inject({ method: 'GET', url: '/api/market-agents/me' })).json();
    expect(mine.id).toBe(agent.marketAgentId);
    expect(theirs.id).toBe(otherAgent.marketAgentId);
    const farmList = (await farm.inject({ method: 'GET', url: '/api/transmissions' })).json();
    const agentList = (await otherAgent.inject({ method: 'GET', url: '/api/transmissions' })).json();
    expect(farmList.length).toBeGreaterThan(0);
    expect(agentList).toEqual([]);
  });

  it('the guard runs before the cache: 403 and 401 on an answer the farm store has in memory', async () => {
    const farmMetrics = await farm.inject({ method: 'GET', url: '/api/dashboard/farm-metrics' });
    expect(farmMetrics.statusCode).toBe(200);
    const etag = farmMetrics.headers.etag as string;
    const asAgent = await agent.inject({
      method: 'GET',
      url: '/api/dashboard/farm-metrics',
      headers: { 'if-none-match': etag },
    });
    expect(asAgent.statusCode).toBe(403);
    const signedOut = await app.inject({
      method: 'GET',
      url: '/api/dashboard/farm-metrics',
      headers: { 'if-none-match': etag },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.body).not.toContain('weeks');
  });

  it('a bad query is refused before the cache is asked', async () => {
    await farm.inject({ method: 'GET', url: '/api/transmissions?limit=5' });
    const bad = await farm.inject({ method: 'GET', url: '/api/transmissions?limit=0' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('never older than a write the caller could know of', () => {
  it('a write outside any request (a job, a script) is seen by the next read at once', async () => {
    const before = await myNumber();
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`update market_agents set contact_number = '0110000002' where id = ${agent.marketAgentId}`);
      await recordChange(tx, { tags: ['users'], audience: [audiences.user(agent.user.id)], audit: false });
    });
    expect(await myNumber()).toBe('0110000002');
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`update market_agents set contact_number = ${before} where id = ${agent.marketAgentId}`);
      await recordChange(tx, { tags: ['users'], audience: [audiences.user(agent.user.id)], audit: false });
    });
    expect(await myNumber()).toBe(before);
  });

  it("a write's answer names its change; a read naming a change this instance hasn't heard of reads again", async () => {
    const sent = await json(farm, 'POST', '/api/transmissions', {
      type: 'farm_to_market',
      marketAgentId: agent.marketAgentId,
      toUserId: agent.user.id,
      quantity: 1,
    });
    const changeId = Number(sent.headers[CHANGE_ID_HEADER]);
    expect(changeId).toBeGreaterThan(0);
    const before = await myNumber({ [SEEN_CHANGE_HEADER]: String(changeId) });

    // Another instance made a change this one has not heard of yet, and the browser knows of it.
    await quietlySetNumber(agent.marketAgentId, '0110000003');
    expect(await myNumber({ [SEEN_CHANGE_HEADER]: String(changeId) })).toBe(before);
    expect(await myNumber({ [SEEN_CHANGE_HEADER]: String(changeId + 1000) })).toBe('0110000003');
    await quietlySetNumber(agent.marketAgentId, before);
    expect(await myNumber({ [SEEN_CHANGE_HEADER]: String(changeId + 1000) })).toBe(before);
  });

  it('a refused write names no change', async () => {
    const refused = await json(agent, 'PUT', '/api/transmissions/999999/acknowledge', {});
    expect(refused.statusCode).toBe(404);
    expect(refused.headers[CHANGE_ID_HEADER]).toBeUndefined();
  });

  it('while the changes cannot be heard (the listener is down) every read goes to the database', async () => {
    const before = await myNumber();
    app.readCache.setListening(false);
    try {
      await quietlySetNumber(agent.marketAgentId, '0110000004');
      expect(await myNumber()).toBe('0110000004');
    } finally {
      await quietlySetNumber(agent.marketAgentId, before);
      app.readCache.setListening(true);
    }
    expect(await myNumber()).toBe(before);
  });
});

describe('sessions from memory', () => {
  it('a session is read once; sign-out ends it at once', async () => {
    const someone = await registerAs(app, 'market_agent');
    expect((await someone.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    // Gone from the table behind the app's back: still answered from memory ...
    await app.db.execute(
      sql`update sessions set expires_at = now() + interval '1 day' where user_id = ${someone.user.id}`,
    );
    await app.db.execute(sql`delete from sessions where user_id = ${someone.user.id}`);
    expect((await someone.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    // ... until a users change, here another person's sign-out.
    const other = await registerAs(app, 'market_agent');
    await other.inject({ method: 'POST', url: '/api/auth/logout' });
    expect((await someone.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await other.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it("a farm store reset and a removal end the user's session at once", async () => {
    const reset = await registerAs(app, 'market_agent');
    const removed = await registerAs(app, 'supplier');
    for (const who of [reset, removed])
      expect((await who.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    const r1 = await json(farm, 'POST', `/api/users/${reset.user.id}/reset-password`, {});
    expect(r1.statusCode, r1.body).toBe(200);
    expect((await reset.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const r2 = await farm.inject({ method: 'DELETE', url: `/api/users/${removed.user.id}` });
    expect(r2.statusCode, r2.body).toBeLessThan(300);
    expect((await removed.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });
});

describe('the cached routes', () => {
  it('are the hot reads, each naming what it depends on', () => {
    expect(app.cachedRoutes.map((r) => r.url).sort()).toEqual(
      [
        '/api/billing/current-cycle',
        '/api/billing/cycles',
        '/api/billing/cycles/:cycleId',
        '/api/billing/last-cycle',
        '/api/billing/records/:cycleId',
        '/api/billing/unbilled',
        '/api/clients',
        '/api/contact-messages/unread-count',
        '/api/dashboard',
        '/api/dashboard/farm-metrics',
        '/api/farm-store/me',
        '/api/insights/agents',
        '/api/insights/forecast',
        '/api/insights/holdings',
        '/api/market-agents',
        '/api/market-agents/earnings',
        '/api/market-agents/earnings/history',
        '/api/market-agents/for-transmission',
        '/api/market-agents/me',
        '/api/pepper-pricing',
        '/api/produce-offers',
        '/api/public/farm-metrics',
        '/api/suppliers',
        '/api/suppliers/crate-requests',
        '/api/suppliers/me',
        '/api/suppliers/metrics',
        '/api/suppliers/offers',
        '/api/suppliers/pending',
        '/api/suppliers/rejected',
        '/api/suppliers/tenders',
        '/api/tenders',
        '/api/transmissions',
        '/api/transmissions/flagged',
        '/api/transmissions/action-counts',
        '/api/transmissions/incoming',
        '/api/transmissions/pending-count',
        '/api/transmissions/recent',
      ].sort(),
    );
    for (const r of app.cachedRoutes) expect(r.tags.length, r.url).toBeGreaterThan(0);
    expect(supplier.user.role).toBe('supplier');
  });
});
