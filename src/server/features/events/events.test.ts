import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { registerAs, sessionCookie } from '../../../../tests/support/accounts.ts';
import { openEventStream } from '../../../../tests/support/event-stream.ts';
import { openTestDatabase, testConfig } from '../../../../tests/support/test-app.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import {
  addStock,
  json,
  registerAgent,
  registerApprovedSupplier,
  send,
} from '../../../../tests/support/transmissions.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { changeEvents, users } from '../../db/schema/index.ts';

const { app, farm, agents } = await testFarm({
  stock: 5000,
  stockReason: 'Opening stock',
  agents: [{}, { marketLocation: 'Pretoria Market' }],
});
const [agent, otherAgent] = agents;

const streams: Awaited<ReturnType<typeof openEventStream>>[] = [];
const open = async (...args: Parameters<typeof openEventStream> extends [unknown, ...infer R] ? R : never) => {
  const stream = await openEventStream(app, ...args);
  streams.push(stream);
  return stream;
};
afterAll(() => {
  for (const s of streams) if (!s.ended) s.disconnect();
});

const signIn = async (email: string, password: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
};

describe('GET /api/events', () => {
  it('is 401 signed out or with an ended session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(401);
    const res = await app.inject({ method: 'GET', url: '/api/events', headers: { cookie: 'ck_session=nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('is an event stream that starts with a reconnect delay and the newest event id', async () => {
    const stream = await open(agent.cookie);
    expect(stream.res.statusCode).toBe(200);
    expect(stream.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers['cache-control']).toContain('no-cache');
    const ready = await stream.next((m) => m.event === 'ready');
    const [latest] = await app.db.select({ id: sql<number>`max(${changeEvents.id})` }).from(changeEvents);
    expect(Number(ready.id)).toBe(Number(latest.id));
  });

  it('delivers a delivery to the farm store and the agent within a second of the commit, never to another agent', async () => {
    const agentStream = await open(agent.cookie);
    const farmStream = await open(farm.cookie);
    const otherStream = await open(otherAgent.cookie);
    await agentStream.next((m) => m.event === 'ready');
    await otherStream.next((m) => m.event === 'ready');
    const from = agentStream.messages.length;

    // Timed from the send's answer (the commit), not from before it: under a loaded CI machine the send
    // itself can take most of a second, and that is not the stream's delay.
    await send(farm, agent, 12);
    const started = Date.now();
    const toAgent = await agentStream.nextChange('transmissions', { from });
    const toFarm = await farmStream.nextChange('transmissions');
    expect(toAgent.at - started).toBeLessThan(1000);
    expect(toFarm.at - started).toBeLessThan(1000);
    expect(JSON.parse(toAgent.data)).toEqual({ tags: ['transmissions', 'crates'] });
    expect(toAgent.id).toBe(toFarm.id);

    // A change for the other agent afterwards: it is the first change that agent sees.
    await send(farm, otherAgent, 3);
    await otherStream.nextChange('transmissions');
    expect(otherStream.changes()).toHaveLength(1);
  });

  it("an agent never receives another agent's or a supplier's changes, or the farm's own", async () => {
    const spy = await registerAgent(app);
    const spyStream = await open(spy.cookie);
    await spyStream.next((m) => m.event === 'ready');

    // Everything that concerns others: a delivery, its count, a return, an opening balance, a stock
    // adjustment, a supplier's request, a contact message, a new account, a refused send.
    const sent = await send(farm, otherAgent, 20);
    expect((await json(otherAgent, 'PUT', `/api/transmissions/${sent.id}/acknowledge`, {})).statusCode).toBe(200);
    const balance = await json(farm, 'POST', '/api/farm-store/opening-balances', {
      marketAgentId: otherAgent.marketAgentId,
      fullCrates: 0,
      emptyCrates: 5,
    });
    expect(balance.statusCode).toBe(201);
    const back = await json(otherAgent, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 2 });
    expect(back.statusCode).toBe(201);
    await addStock(farm, 10, 'Bought more');
    const supplier = await registerApprovedSupplier(app);
    const request = await json(supplier, 'POST', '/api/transmissions', { type: 'supplier_to_farm', quantity: 5 });
    expect(request.statusCode).toBe(201);
    const contact = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Visitor', email: 'visitor@example.com', subject: 'Crates', message: 'Do you sell crates?' },
    });
    expect(contact.statusCode).toBe(201);
    // A refused write records nothing: collecting empties the spy doesn't have is a 409.
    const refused = await json(farm, 'POST', '/api/transmissions', {
      type: 'market_to_farm',
      marketAgentId: spy.marketAgentId,
      quantity: 5,
    });
    expect(refused.statusCode).toBe(409);

    // Then one change that is the spy's own: it is the first and only change the spy sees.
    await send(farm, spy, 1);
    await spyStream.next((m) => m.event === 'change');
    await new Promise((r) => setTimeout(r, 100));
    expect(spyStream.changes()).toEqual([['transmissions', 'crates']]);
  });

  it('sends a public change (prices) to every signed-in user', async () => {
    const agentStream = await open(agent.cookie);
    await agentStream.next((m) => m.event === 'ready');
    const prices = (await app.inject({ method: 'GET', url: '/api/pepper-pricing' })).json();
    const res = await farm.inject({
      method: 'PATCH',
      url: `/api/pepper-pricing/${prices[0].id}`,
      payload: { pricePerCrate: prices[0].pricePerCrate + 100, availability: prices[0].availability },
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse((await agentStream.nextChange('pricing')).data)).toEqual({ tags: ['pricing'] });
  });

  it('replays what a reconnecting stream missed after its Last-Event-ID, only what it may see', async () => {
    const returning = await registerAgent(app);
    const first = await open(returning.cookie);
    const ready = await first.next((m) => m.event === 'ready');
    first.disconnect();

    const a = await send(farm, returning, 4);
    await send(farm, otherAgent, 4);
    const b = await send(farm, returning, 5);
    expect(a.id).toBeLessThan(b.id);

    const again = await open(returning.cookie, { 'last-event-id': ready.id! });
    const after = (m: { event: string; id?: string }) => m.event === 'change' && Number(m.id) > Number(ready.id);
    await again.next(after);
    await again.next(after, { from: again.messages.findIndex(after) + 1 });
    await new Promise((r) => setTimeout(r, 100));
    // Changes from just before the last one seen may come again (commits land out of id order; a
    // change only makes the browser refetch); the two deliveries after it come exactly once.
    const replayed = again.messages.filter(after);
    expect(replayed.map((m) => JSON.parse(m.data).tags)).toEqual([
      ['transmissions', 'crates'],
      ['transmissions', 'crates'],
    ]);
    expect(Number(replayed[1].id)).toBeGreaterThan(Number(replayed[0].id));
    const othersEvents = await app.db
      .select({ id: changeEvents.id })
      .from(changeEvents)
      .where(sql`${changeEvents.audience} @> array[${`user:${otherAgent.user.id}`}]::text[]`);
    const sentIds = again.messages.filter((m) => m.event === 'change').map((m) => Number(m.id));
    expect(othersEvents.length).toBeGreaterThan(0);
    for (const { id } of othersEvents) expect(sentIds).not.toContain(id);
    again.disconnect();

    // The same through ?lastEventId= (a browser that had to open a new EventSource), from the first replayed.
    const viaQuery = await open(returning.cookie, {}, `/api/events?lastEventId=${replayed[0].id}`);
    const laterThan = (m: { event: string; id?: string }) =>
      m.event === 'change' && Number(m.id) > Number(replayed[0].id);
    await viaQuery.next(laterThan);
    await new Promise((r) => setTimeout(r, 100));
    expect(viaQuery.messages.filter(laterThan).map((m) => m.id)).toEqual([replayed[1].id]);
  });

  it("tells a stream to refetch everything when its Last-Event-ID is no longer kept or isn't one", async () => {
    const [{ id: oldest }] = await app.db.select({ id: sql<number>`min(${changeEvents.id})` }).from(changeEvents);
    await app.db.delete(changeEvents).where(eq(changeEvents.id, Number(oldest)));
    for (const lastId of [String(oldest), 'garbage', '99999999999']) {
      const stream = await open(agent.cookie, { 'last-event-id': lastId });
      const refetch = await stream.next((m) => m.event === 'refetch-all');
      expect(Number(refetch.id)).toBeGreaterThan(Number(oldest));
      stream.disconnect();
    }
  });

  it('beats a heartbeat comment for proxies', async () => {
    const stream = await open(agent.cookie);
    await stream.next((m) => m.event === 'ready');
    await app.changeHub.heartbeat();
    expect((await stream.next((m) => m.comment === 'heartbeat')).event).toBe('message');
    expect(stream.ended).toBe(false);
  });

  it('forgets a stream whose browser went away', async () => {
    const before = app.changeHub.size;
    const stream = await open(agent.cookie);
    await stream.next((m) => m.event === 'ready');
    expect(app.changeHub.size).toBe(before + 1);
    stream.disconnect();
    await expect.poll(() => app.changeHub.size).toBe(before);
  });

  it("closes the stream of a session that signs out, and only that session's", async () => {
    const person = await registerAgent(app);
    const secondCookie = await signIn(person.user.email, person.password);
    const signingOut = await open(person.cookie);
    const staying = await open(secondCookie);
    await signingOut.next((m) => m.event === 'ready');
    await staying.next((m) => m.event === 'ready');

    expect((await person.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    await signingOut.next((m) => m.event === 'signed-out', { timeoutMs: 1000 });
    expect(await signingOut.waitForEnd()).toBe(true);

    await app.changeHub.heartbeat();
    await staying.next((m) => m.comment === 'heartbeat');
    expect(staying.ended).toBe(false);
  });

  it("a password change ends every stream of the old sessions; the browser's new session listens on", async () => {
    const person = await registerAgent(app);
    const otherCookie = await signIn(person.user.email, person.password);
    const own = await open(person.cookie);
    const other = await open(otherCookie);
    await own.next((m) => m.event === 'ready');
    await other.next((m) => m.event === 'ready');
    const res = await json(person, 'POST', '/api/auth/change-password', {
      currentPassword: person.password,
      newPassword: 'another-secret-1',
    });
    expect(res.statusCode).toBe(200);
    // The password change replaces this browser's session too.
    for (const stream of [own, other]) {
      await stream.next((m) => m.event === 'signed-out', { timeoutMs: 1000 });
      expect(await stream.waitForEnd()).toBe(true);
    }
    const renewed = await open(sessionCookie(res));
    await renewed.next((m) => m.event === 'ready');
    await app.changeHub.checkSessions();
    expect(renewed.ended).toBe(false);
    renewed.disconnect();
  });

  it('keeps change events for an hour', async () => {
    const [old] = await app.db
      .insert(changeEvents)
      .values({ tags: ['crates'], audience: ['farm_store'], createdAt: new Date(Date.now() - 2 * 3_600_000) })
      .returning();
    const [recent] = await app.db
      .insert(changeEvents)
      .values({ tags: ['crates'], audience: ['farm_store'], createdAt: new Date(Date.now() - 30 * 60_000) })
      .returning();
    await app.changeHub.purge();
    const left = await app.db.select({ id: changeEvents.id }).from(changeEvents);
    expect(left.map((r) => r.id)).toContain(recent.id);
    expect(left.map((r) => r.id)).not.toContain(old.id);
  });

  it('closes the streams of a removed user at the next heartbeat or users change', async () => {
    const removed = await registerAgent(app);
    const stream = await open(removed.cookie);
    await stream.next((m) => m.event === 'ready');
    await app.db.update(users).set({ isActive: false }).where(eq(users.id, removed.user.id));
    await app.changeHub.heartbeat();
    await stream.next((m) => m.event === 'signed-out');
    expect(await stream.waitForEnd()).toBe(true);
  });

  it('ends every stream when the app closes', async () => {
    const database = await openTestDatabase();
    const other = await buildApp({ config: testConfig(), database });
    try {
      const account = await registerAs(other, 'market_agent');
      const stream = await openEventStream(other, account.cookie);
      await stream.next((m) => m.event === 'ready');
      const started = Date.now();
      await other.close();
      expect(await stream.waitForEnd()).toBe(true);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(stream.messages.some((m) => m.event === 'signed-out')).toBe(false);
    } finally {
      await database.close();
    }
  });
});

// Two app instances on one PostgreSQL: a change made through one reaches a stream on the other.
// PGlite is one process, so there it is reported as skipped, never as passed.
describe('two instances on one PostgreSQL', () => {
  it.skipIf(app.database.kind !== 'postgres')('a change on instance A reaches a stream on instance B', async () => {
    const databaseB = await openDatabase({ url: app.database.url!, poolSize: 2 }, { migrate: false });
    const instanceB = await buildApp({ config: testConfig(), database: databaseB });
    try {
      const person = await registerAgent(app);
      // The session lives in the database, so the same cookie signs in on either instance.
      const onB = await openEventStream(instanceB, person.cookie);
      await onB.next((m) => m.event === 'ready');

      await send(farm, person, 7); // through instance A
      const started = Date.now(); // from the commit, as above
      const change = await onB.nextChange('transmissions');
      expect(change.at - started).toBeLessThan(1000);

      // A sign-out on A closes the session's stream on B.
      expect((await person.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
      await onB.next((m) => m.event === 'signed-out', { timeoutMs: 1000 });
      expect(await onB.waitForEnd()).toBe(true);
    } finally {
      await instanceB.close();
      await databaseB.close();
    }
  });

  it.skipIf(app.database.kind !== 'postgres')(
    'a listener whose connection dropped reconnects and replays what was committed meanwhile',
    async () => {
      const person = await registerAgent(app);
      const stream = await open(person.cookie);
      await stream.next((m) => m.event === 'ready');
      const killed = await app.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen %'`);
      expect(killed.rows).toHaveLength(1);
      await send(farm, person, 2); // committed while no instance listens
      await stream.nextChange('transmissions', { timeoutMs: 5000 });
      await send(farm, person, 3); // and live again afterwards
      await expect.poll(() => stream.changes().length, { timeout: 2000 }).toBe(2);
    },
  );
});
