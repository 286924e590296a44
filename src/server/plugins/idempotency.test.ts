// The Idempotency-Key header (decision 035), through HTTP on PGlite and PostgreSQL: a
// repeat of a key gets the first answer and writes nothing anywhere (ledger, audit trail, change
// events, the key table); the five actions an agent's phone queues each book once; the same key for
// another request is 422, a bad key 400, a key while the first still runs 409; keys are each user's
// own and outlive a sign-out; a server failure lets go of the key, a booked change never runs again
// even when its answer was lost; the purge deletes keys after 7 days.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type Account, registerAs, sessionCookie } from '../../../tests/support/accounts.ts';
import { fingerprint, holdScheduledJobs } from '../../../tests/support/fingerprint.ts';
import { buildTestApp, testConfig } from '../../../tests/support/test-app.ts';
import {
  type AgentAccount,
  agentCrates,
  enterOpeningBalance,
  farmWithAgents,
  send,
} from '../../../tests/support/transmissions.ts';
import { idempotencyMessages } from '../../shared/idempotency.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { audiences, recordChange } from '../lib/changes.ts';
import { type Claim, claimKey, releaseKey, requestFingerprint } from '../lib/idempotency.ts';
import { newWriteContext, writingWith } from '../lib/write-context.ts';
import { PURGE_IDEMPOTENCY_KEYS_JOB } from './idempotency.ts';

const app = await buildTestApp();
await holdScheduledJobs(app);
const { farm, agent, otherAgent } = await farmWithAgents(app, 10_000);
await enterOpeningBalance(farm, agent, { fullCrates: 200, emptyCrates: 200 });
await enterOpeningBalance(farm, otherAgent, { fullCrates: 50, emptyCrates: 50 });

const newKey = () => `phone-${randomUUID()}`;
const withKey = (account: Account, key: string, opts: InjectOptions) =>
  account.inject({ ...opts, headers: { ...opts.headers, 'idempotency-key': key } });

/** Every table's digest: a repeat must leave all of them as they were. */
const everyTable = () => fingerprint(app.db);
/** The database as a request holding `claim` writes to it (lib/write-context.ts). */
const holding = (claim: Claim) => writingWith(app.db, { ...newWriteContext(), claim });

const clientBody = (name = 'Thabo') => ({
  businessName: 'Fresh Greens',
  clientName: name,
  contactNumber: '082 123 4567',
});
const clientCount = async (account: Account) =>
  ((await account.inject({ method: 'GET', url: '/api/clients' })).json() as unknown[]).length;

/** Sends `opts` with a fresh key, then again: the repeat is the first answer, and changes nothing. */
async function sentTwice(account: Account, opts: InjectOptions) {
  const key = newKey();
  const first = await withKey(account, key, opts);
  const before = await everyTable();
  const again = await withKey(account, key, opts);
  expect(await everyTable(), 'tables changed by the repeat').toEqual(before);
  expect(again.statusCode).toBe(first.statusCode);
  expect(again.body).toBe(first.body);
  expect(again.headers['content-type']).toBe(first.headers['content-type']);
  expect(again.headers['x-change-id']).toBe(first.headers['x-change-id']);
  expect(again.headers['x-change-ids']).toBe(first.headers['x-change-ids']);
  expect(again.headers['x-change-tags']).toBe(first.headers['x-change-tags']);
  expect(again.headers['cache-control']).toBe('no-store');
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(first.headers['idempotent-replayed']).toBeUndefined();
  return { key, first, again };
}

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

describe("an agent's queued actions, sent twice with one key, book once", () => {
  it('acknowledging a delivery by count', async () => {
    const { id } = await send(farm, agent, 10);
    const crates = await agentCrates(agent);
    const { first } = await sentTwice(agent, {
      method: 'PUT',
      url: `/api/transmissions/${id}/acknowledge`,
      payload: { actualQuantity: 9 },
    });
    expect(ok(first).actualQuantity).toBe(9);
    expect(first.headers['x-change-id']).toMatch(/^\d+$/);
    expect(String(first.headers['x-change-ids']).split(',')).toContain(first.headers['x-change-id']);
    expect(first.headers['x-change-tags']).toMatch(/^[a-z-]+(,[a-z-]+)*$/);
    expect((await agentCrates(agent)).fullCrates).toBe(crates.fullCrates + 9);
  });

  it('sending empties back to the farm', async () => {
    const crates = await agentCrates(agent);
    const { first } = await sentTwice(agent, {
      method: 'POST',
      url: '/api/transmissions',
      payload: { type: 'market_to_farm', quantity: 4 },
    });
    expect(ok(first, 201).quantity).toBe(4);
    expect((await agentCrates(agent)).emptyCrates).toBe(crates.emptyCrates - 4);
  });

  it('adding a client, editing it, lending it crates and taking a return', async () => {
    const clients = await clientCount(agent);
    const added = ok(
      (await sentTwice(agent, { method: 'POST', url: '/api/clients', payload: clientBody() })).first,
      201,
    );
    expect(await clientCount(agent)).toBe(clients + 1);

    const edited = await sentTwice(agent, {
      method: 'PATCH',
      url: `/api/clients/${added.id}`,
      payload: { clientName: 'Thabo M' },
    });
    expect(ok(edited.first).clientName).toBe('Thabo M');

    const crates = await agentCrates(agent);
    const lent = ok(
      (
        await sentTwice(agent, {
          method: 'POST',
          url: '/api/client-transactions',
          payload: { clientId: added.id, quantityBorrowed: 6 },
        })
      ).first,
      201,
    );
    expect((await agentCrates(agent)).fullCrates).toBe(crates.fullCrates - 6);

    const returned = await sentTwice(agent, {
      method: 'PUT',
      url: `/api/client-transactions/${lent.id}/return`,
      payload: { quantityReturned: 2 },
    });
    ok(returned.first);
    const after = await agentCrates(agent);
    expect(after.fullCrates).toBe(crates.fullCrates - 6);
    expect(after.emptyCrates).toBe(crates.emptyCrates + 2);
  });

  it('a refusal is the first answer too (409 not enough crates), given again without a second try', async () => {
    const client = ok(await agent.inject({ method: 'POST', url: '/api/clients', payload: clientBody('Big') }), 201);
    const { first } = await sentTwice(agent, {
      method: 'POST',
      url: '/api/client-transactions',
      payload: { clientId: client.id, quantityBorrowed: 100_000 },
    });
    expect(first.statusCode).toBe(409);
  });
});

describe('requests without the header', () => {
  it('work as before: two identical ones book twice', async () => {
    const before = await clientCount(agent);
    ok(await agent.inject({ method: 'POST', url: '/api/clients', payload: clientBody('Twice') }), 201);
    ok(await agent.inject({ method: 'POST', url: '/api/clients', payload: clientBody('Twice') }), 201);
    expect(await clientCount(agent)).toBe(before + 2);
  });
});

describe('a key', () => {
  it('used for another body, address or method is 422, and the first request stays booked once', async () => {
    const key = newKey();
    const first = ok(await withKey(agent, key, { method: 'POST', url: '/api/clients', payload: clientBody('A') }), 201);
    const count = await clientCount(agent);
    const before = await everyTable();
    for (const opts of [
      { method: 'POST', url: '/api/clients', payload: clientBody('B') },
      { method: 'POST', url: '/api/transmissions', payload: { type: 'market_to_farm', quantity: 1 } },
      { method: 'PATCH', url: `/api/clients/${first.id}`, payload: clientBody('A') },
    ] as InjectOptions[]) {
      const res = await withKey(agent, key, opts);
      expect(res.statusCode, `${opts.method} ${opts.url}`).toBe(422);
      expect(res.json()).toEqual({ message: idempotencyMessages.reused });
    }
    expect(await everyTable()).toEqual(before);
    expect(await clientCount(agent)).toBe(count);
  });

  it('must be 1 to 255 visible ASCII characters (400 with the message, nothing written)', async () => {
    const before = await everyTable();
    for (const bad of ['', 'two words', 'x'.repeat(256), 'kléef', 'tab\there']) {
      const res = await withKey(agent, bad, { method: 'POST', url: '/api/clients', payload: clientBody('Bad') });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toEqual({ message: idempotencyMessages.invalidKey });
    }
    expect(await everyTable()).toEqual(before);
    const longest = `~${'k'.repeat(253)}!`;
    ok(await withKey(agent, longest, { method: 'POST', url: '/api/clients', payload: clientBody('Long') }), 201);
  });

  it('is refused on a route that needs no sign-in, ignored on a read, and a signed-out caller gets 401', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'idempotency-key': newKey() },
      payload: { email: agent.user.email, password: agent.password },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ message: idempotencyMessages.notSignedIn });
    const contact = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'idempotency-key': newKey() },
      payload: { name: 'V', email: 'v@example.com', subject: 'Crates', message: 'Hello' },
    });
    expect(contact.statusCode).toBe(400);

    const read = await withKey(agent, newKey(), { method: 'GET', url: '/api/clients' });
    expect(read.statusCode).toBe(200);
    const signedOut = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { 'idempotency-key': newKey() },
      payload: clientBody(),
    });
    expect(signedOut.statusCode).toBe(401);
    expect(await app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, 0))).toEqual([]);
  });

  it("is each user's own: another agent's same key is another request", async () => {
    const key = newKey();
    const mine = ok(
      await withKey(agent, key, { method: 'POST', url: '/api/clients', payload: clientBody('Mine') }),
      201,
    );
    const theirs = await withKey(otherAgent, key, { method: 'POST', url: '/api/clients', payload: clientBody('Mine') });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.id);
    // And each one's repeat is its own first answer.
    const again = await withKey(otherAgent, key, { method: 'POST', url: '/api/clients', payload: clientBody('Mine') });
    expect(again.json().id).toBe(theirs.json().id);
  });

  it('outlives a sign-out: the same user signed in again gets the first answer', async () => {
    const person = await registerAs(app, 'market_agent');
    const key = newKey();
    const opts: InjectOptions = { method: 'POST', url: '/api/clients', payload: clientBody('Kept') };
    const first = await withKey(person, key, opts);
    expect(first.statusCode).toBe(201);
    ok(await person.inject({ method: 'POST', url: '/api/auth/logout' }));
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.user.email, password: person.password },
    });
    const cookie = sessionCookie(login);
    const again = await app.inject({ ...opts, headers: { cookie, 'idempotency-key': key } });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await clientCount({ ...person, inject: (o) => app.inject({ ...o, headers: { cookie } }) })).toBe(1);
  });
});

describe('a repeat while the first is still being handled', () => {
  it('sent all at once, books once: the others get the first answer or 409 with Retry-After', async () => {
    const key = newKey();
    const before = await clientCount(agent);
    const opts: InjectOptions = { method: 'POST', url: '/api/clients', payload: clientBody('Race') };
    const answers = await Promise.all(Array.from({ length: 6 }, () => withKey(agent, key, opts)));
    expect(await clientCount(agent)).toBe(before + 1);
    const booked = answers.filter((a) => a.statusCode === 201);
    expect(booked.length).toBeGreaterThanOrEqual(1);
    expect(new Set(booked.map((a) => a.body)).size).toBe(1);
    for (const busy of answers.filter((a) => a.statusCode !== 201)) {
      expect(busy.statusCode).toBe(409);
      expect(busy.json()).toEqual({ message: idempotencyMessages.inProgress });
      expect(busy.headers['retry-after']).toBe('1');
    }
    const later = await withKey(agent, key, opts);
    expect(later.body).toBe(booked[0].body);
    expect(later.headers['idempotent-replayed']).toBe('true');
  });

  it('is 409 while another attempt holds the key; one that went quiet without booking is taken over', async () => {
    const key = newKey();
    const payload = clientBody('Held');
    // Another attempt (another instance) claimed this key a moment ago and is still working.
    await app.db.insert(idempotencyKeys).values({
      userId: agent.user.id,
      key,
      fingerprint: requestFingerprint('POST', '/api/clients', payload),
      claim: 'another-attempt',
    });
    const before = await clientCount(agent);
    const busy = await withKey(agent, key, { method: 'POST', url: '/api/clients', payload });
    expect(busy.statusCode).toBe(409);
    expect(busy.headers['retry-after']).toBe('1');
    expect(await clientCount(agent)).toBe(before);

    // Its instance stopped before it booked anything: after the lease (60 s) a repeat runs it.
    await app.db.execute(
      sql`update idempotency_keys set claimed_at = now() - interval '61 seconds' where key = ${key}`,
    );
    const taken = await withKey(agent, key, { method: 'POST', url: '/api/clients', payload });
    expect(taken.statusCode).toBe(201);
    expect(await clientCount(agent)).toBe(before + 1);
  });

  it('an attempt whose key was taken over books nothing (its transaction is refused)', async () => {
    const key = newKey();
    const outcome = await claimKey(app.db, { userId: agent.user.id, key, fingerprint: 'f' });
    if (outcome.kind !== 'run') throw new Error(outcome.kind);
    // A repeat took the key over while this attempt stalled.
    await app.db.update(idempotencyKeys).set({ claim: 'the-repeat' }).where(eq(idempotencyKeys.key, key));
    const before = await everyTable();
    await expect(
      holding(outcome.claim).transaction((tx) =>
        recordChange(tx, { tags: ['clients'], audience: [audiences.farmStore] }),
      ),
    ).rejects.toMatchObject({ statusCode: 409, message: idempotencyMessages.takenOver });
    expect(await everyTable()).toEqual(before);
  });
});

describe('failures', () => {
  it('a server failure (5xx) is not kept: the same key runs again and books once', async () => {
    const key = newKey();
    const opts: InjectOptions = { method: 'POST', url: '/api/clients', payload: clientBody('Retry') };
    const before = await clientCount(agent);
    await app.db.execute(sql`create function refuse_clients() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`);
    await app.db.execute(
      sql`create trigger refuse_clients before insert on clients for each row execute function refuse_clients()`,
    );
    try {
      const failed = await withKey(agent, key, opts);
      expect(failed.statusCode).toBe(500);
      expect(await app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    } finally {
      await app.db.execute(sql`drop trigger refuse_clients on clients`);
      await app.db.execute(sql`drop function refuse_clients()`);
    }
    const retried = await withKey(agent, key, opts);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await clientCount(agent)).toBe(before + 1);
    expect((await withKey(agent, key, opts)).headers['idempotent-replayed']).toBe('true');
  });

  it('a change booked whose answer was lost (the instance stopped) never books again', async () => {
    const key = newKey();
    const opts: InjectOptions = { method: 'POST', url: '/api/clients', payload: clientBody('Lost') };
    const first = await withKey(agent, key, opts);
    expect(first.statusCode).toBe(201);
    const booked = await clientCount(agent);
    // As if its instance had stopped between the booking's commit and keeping the answer: the key
    // claimed and marked booked (in the booking's transaction), no answer.
    await app.db.execute(sql`update idempotency_keys set status_code = null, headers = null, body = null,
      body_encoding = null, finished_at = null where key = ${key}`);

    // Within the lease it may still be on its way out: 409, try again.
    const soon = await withKey(agent, key, opts);
    expect(soon.statusCode).toBe(409);
    expect(soon.json()).toEqual({ message: idempotencyMessages.inProgress });
    // After the lease: it was saved, and says so; nothing is booked again, ever.
    await app.db.execute(sql`update idempotency_keys set booked_at = now() - interval '61 seconds' where key = ${key}`);
    for (let i = 0; i < 2; i++) {
      const late = await withKey(agent, key, opts);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ message: idempotencyMessages.answerLost });
    }
    expect(await clientCount(agent)).toBe(booked);
  });

  it('a server failure after the booking committed keeps the key: a repeat is told at once, and books nothing', async () => {
    const key = newKey();
    const payload = clientBody('Failed late');
    const outcome = await claimKey(app.db, {
      userId: agent.user.id,
      key,
      fingerprint: requestFingerprint('POST', '/api/clients', payload),
    });
    if (outcome.kind !== 'run') throw new Error(outcome.kind);
    // The attempt booked (a change recorded in its transaction), then answered 500: onSend lets go.
    await holding(outcome.claim).transaction((tx) =>
      recordChange(tx, { tags: ['clients'], audience: [audiences.farmStore] }),
    );
    outcome.claim.open = false;
    await releaseKey(app.db, outcome.claim);
    const before = await everyTable();
    const repeat = await withKey(agent, key, { method: 'POST', url: '/api/clients', payload });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual({ message: idempotencyMessages.answerLost });
    expect(await everyTable()).toEqual(before);
  });

  it('the booking and the mark on its key commit together: a booking that rolls back leaves the key free', async () => {
    const key = newKey();
    const outcome = await claimKey(app.db, { userId: agent.user.id, key, fingerprint: 'f' });
    if (outcome.kind !== 'run') throw new Error(outcome.kind);
    await expect(
      holding(outcome.claim).transaction(async (tx) => {
        await recordChange(tx, { tags: ['clients'], audience: [audiences.farmStore] });
        throw new Error('refused after the change was recorded');
      }),
    ).rejects.toThrow('refused');
    const [row] = await app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row.bookedAt).toBeNull();
    await holding(outcome.claim).transaction((tx) =>
      recordChange(tx, { tags: ['clients'], audience: [audiences.farmStore] }),
    );
    const [marked] = await app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(marked.bookedAt).not.toBeNull();
  });
});

describe('keys are kept 7 days', () => {
  it('the hourly purge deletes older keys; a key used again after that is a new request', async () => {
    const old = newKey();
    const recent = newKey();
    const opts: InjectOptions = { method: 'POST', url: '/api/clients', payload: clientBody('Aged') };
    ok(await withKey(agent, old, opts), 201);
    ok(await withKey(agent, recent, opts), 201);
    await app.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '7 days 1 minute' where key = ${old}`,
    );
    await app.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '6 days 23 hours' where key = ${recent}`,
    );
    const count = await clientCount(agent);

    await app.db.execute(sql`delete from settings where key = ${`job:${PURGE_IDEMPOTENCY_KEYS_JOB}:last-slot`}`);
    expect(await app.jobs.runNow(PURGE_IDEMPOTENCY_KEYS_JOB)).toBe('ran');
    const left = (await app.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key);
    expect(left).toContain(recent);
    expect(left).not.toContain(old);

    expect((await withKey(agent, recent, opts)).headers['idempotent-replayed']).toBe('true');
    expect((await withKey(agent, old, opts)).headers['idempotent-replayed']).toBeUndefined();
    expect(await clientCount(agent)).toBe(count + 1);
    await holdScheduledJobs(app);
  });
});

describe('the OpenAPI description', () => {
  it('declares the header on every signed-in mutation and on no public route', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
    const operation = (route: { method: string; url: string }) => {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      return (doc.paths[path] ?? doc.paths[path.replace(/\/$/, '')])?.[route.method.toLowerCase()];
    };
    const declared = (route: { method: string; url: string }) =>
      (operation(route)?.parameters ?? []).some(
        (p: { in: string; name: string; required: boolean }) =>
          p.in === 'header' && p.name === 'Idempotency-Key' && !p.required,
      );
    const documented = app.routeAccess.filter((r) => r.url !== '/api/docs');
    const takes = documented.filter((r) => r.method !== 'GET' && r.access !== 'public');
    expect(takes.length).toBeGreaterThan(30);
    expect(documented.filter((r) => !operation(r)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(takes.filter((r) => !declared(r)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(documented.filter((r) => !takes.includes(r) && declared(r)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});

// Two app instances on one PostgreSQL: the database's primary key decides which attempt runs.
// PGlite is one process, so there it is reported as skipped, never as passed.
describe('two instances on one PostgreSQL', () => {
  it.skipIf(app.database.kind !== 'postgres')('the same key sent to both at once books once', async () => {
    const databaseB = await openDatabase({ url: app.database.url!, poolSize: 4 }, { migrate: false });
    const instanceB = await buildApp({ config: testConfig(), database: databaseB });
    try {
      const onB: AgentAccount = {
        ...agent,
        inject: (opts) => instanceB.inject({ ...opts, headers: { ...opts.headers, cookie: agent.cookie } }),
      };
      const before = await clientCount(agent);
      for (let round = 0; round < 5; round++) {
        const key = newKey();
        const opts: InjectOptions = { method: 'POST', url: '/api/clients', payload: clientBody(`Both ${round}`) };
        const answers = await Promise.all([withKey(agent, key, opts), withKey(onB, key, opts)]);
        expect(answers.map((a) => a.statusCode).sort()).toContain(201);
        for (const a of answers) expect([201, 409]).toContain(a.statusCode);
      }
      expect(await clientCount(agent)).toBe(before + 5);
    } finally {
      await instanceB.close();
      await databaseB.close();
    }
  });
});
