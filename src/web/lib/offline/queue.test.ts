// The queue of changes made on the phone (decision 036): sent in order, each with its own key on every
// attempt; a network failure stops and retries later with the same key; a refusal stops the queue at
// that change until the agent cancels, edits or retries it; a cancelled change is never sent; a change
// that may have reached the server can't be cancelled. The browser is replaced by plain functions.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { idempotencyMessages } from '../../../shared/idempotency.ts';
import { indexedDbChangeStore } from './change-store.ts';
import { type ChangeLabel, type ChangeRequest, type QueuedChange, type SendOutcome, waitingText } from './changes.ts';
import { outcomeOf, retryAfterMs } from './outcome.ts';
import { ChangeQueue, type ChangeStore, CLIENT_NOT_ADDED, type QueueDeps } from './queue.ts';

const USER = 7;

function memoryStore(): ChangeStore & { rows: Map<string, QueuedChange> } {
  const rows = new Map<string, QueuedChange>();
  return {
    rows,
    all: async (userId) => [...rows.values()].filter((c) => c.userId === userId).map((c) => structuredClone(c)),
    put: async (change) => void rows.set(`${change.userId}:${change.id}`, structuredClone(change)),
    remove: async (userId, id) => void rows.delete(`${userId}:${id}`),
  };
}

/** A lock like the Web Locks API's within one page: calls run one after another. */
function chainLock() {
  let chain: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };
}

type Sent = { path: string; key: string; body: Record<string, unknown> };

/** A queue over a memory store whose server answers with `answer` (the sent requests are recorded). */
function setUp(answer: (change: QueuedChange, attempt: number) => SendOutcome | Promise<SendOutcome>) {
  const store = memoryStore();
  const sent: Sent[] = [];
  const slept: number[] = [];
  let keys = 0;
  let clock = 1_000;
  let online = true;
  const deps: QueueDeps = {
    store,
    withLock: chainLock(),
    send: async (change) => {
      sent.push({ path: change.path, key: change.key, body: change.body });
      return answer(change, sent.length);
    },
    isOnline: () => online,
    newKey: () => `key-${++keys}`,
    now: () => ++clock,
    sleep: async (ms) => void slept.push(ms),
  };
  const queue = new ChangeQueue(USER, deps);
  return { queue, store, sent, slept, goOffline: () => (online = false) };
}

const label = (kind: ChangeLabel['kind'], crates: number | null = 5): ChangeLabel => ({
  kind,
  what: kind,
  who: 'Mama Veg',
  crates,
});
const lend = (clientId: number, quantityBorrowed: number): [ChangeLabel, ChangeRequest] => [
  label('lend', quantityBorrowed),
  { method: 'POST', path: '/api/client-transactions', body: { clientId, quantityBorrowed } },
];
const ack = (id: number, actualQuantity: number): [ChangeLabel, ChangeRequest] => [
  label('acknowledge', actualQuantity),
  { method: 'PUT', path: `/api/transmissions/${id}/acknowledge`, body: { actualQuantity } },
];

const ok = (answer: unknown = { id: 1 }): SendOutcome => ({ kind: 'sent', answer });

describe('the queue of waiting changes', () => {
  it('sends in the order the changes were made, each with its own key, and forgets what was sent', async () => {
    const { queue, sent } = setUp(() => ok());
    await queue.enqueue(...lend(1, 5));
    await queue.enqueue(...ack(9, 48));
    await queue.enqueue(...lend(2, 3));
    expect(await queue.drain()).toBe('empty');
    expect(sent.map((s) => s.path)).toEqual([
      '/api/client-transactions',
      '/api/transmissions/9/acknowledge',
      '/api/client-transactions',
    ]);
    expect(new Set(sent.map((s) => s.key)).size).toBe(3);
    expect(await queue.list()).toEqual([]);
  });

  it('sends nothing while offline', async () => {
    const { queue, sent, goOffline } = setUp(() => ok());
    await queue.enqueue(...lend(1, 5));
    goOffline();
    expect(await queue.drain()).toBe('offline');
    expect(sent).toEqual([]);
    expect(await queue.list()).toHaveLength(1);
  });

  it('stops at a network failure, keeps the change (maybe sent) and sends it again later with the same key', async () => {
    const { queue, sent } = setUp((_c, attempt) =>
      attempt === 1 ? { kind: 'unreachable', reachedServer: false } : ok(),
    );
    const first = await queue.enqueue(...lend(1, 5));
    await queue.enqueue(...lend(2, 3));
    expect(await queue.drain()).toBe('unreachable');
    expect(sent).toHaveLength(1);
    const [kept, waiting] = await queue.list();
    expect(kept.attempted).toBe(true);
    expect(waiting.attempted).toBe(false);
    // It may have been booked: cancelling it would be a lie.
    expect(await queue.cancel(first.id)).toEqual({ kind: 'maybe-sent' });
    expect((await queue.edit(first.id, { quantityBorrowed: 1 })).kind).toBe('maybe-sent');

    expect(await queue.drain()).toBe('empty');
    expect(sent.map((s) => s.key)).toEqual([first.key, first.key, sent[2].key]);
  });

  it('a server failure (5xx) leaves the change as it was: nothing was booked, it can still be cancelled', async () => {
    const { queue } = setUp(() => ({ kind: 'unreachable', reachedServer: true }));
    const change = await queue.enqueue(...lend(1, 5));
    expect(await queue.drain()).toBe('unreachable');
    expect((await queue.list())[0].attempted).toBe(false);
    expect((await queue.cancel(change.id)).kind).toBe('cancelled');
  });

  it('waits Retry-After when the first attempt is still being handled, then asks again with the same key', async () => {
    const { queue, sent, slept } = setUp((_c, attempt) => (attempt === 1 ? { kind: 'wait', ms: 1000 } : ok()));
    const change = await queue.enqueue(...ack(9, 48));
    expect(await queue.drain()).toBe('empty');
    expect(slept).toEqual([1000]);
    expect(sent.map((s) => s.key)).toEqual([change.key, change.key]);
  });

  it('stops at a refusal: later changes wait for the agent, who cancels it and the rest go', async () => {
    const { queue, sent } = setUp((change) =>
      change.path.includes('/9/')
        ? { kind: 'refused', status: 409, message: 'This transmission was already acknowledged' }
        : ok(),
    );
    const refused = await queue.enqueue(...ack(9, 48));
    await queue.enqueue(...lend(1, 5));
    expect(await queue.drain()).toBe('refused');
    expect(await queue.drain()).toBe('refused'); // still waiting for the agent: nothing more is sent
    expect(sent).toHaveLength(1);
    const [first, second] = await queue.list();
    expect(first.refusal).toEqual({ status: 409, message: 'This transmission was already acknowledged' });
    expect(first.attempted).toBe(false);
    expect(second.refusal).toBeNull();

    expect((await queue.cancel(refused.id)).kind).toBe('cancelled');
    expect(await queue.drain()).toBe('empty');
    expect(sent.map((s) => s.path)).toEqual(['/api/transmissions/9/acknowledge', '/api/client-transactions']);
  });

  it('an edited change is a new request: a new key, the new count, its refusal cleared', async () => {
    const { queue, sent } = setUp((change) =>
      (change.body.quantityBorrowed as number) > 10
        ? { kind: 'refused', status: 409, message: 'Not enough full crates: you have 10' }
        : ok(),
    );
    const change = await queue.enqueue(...lend(1, 50));
    expect(await queue.drain()).toBe('refused');
    const edited = await queue.edit(change.id, { quantityBorrowed: 10 }, { crates: 10 });
    expect(edited.kind).toBe('edited');
    if (edited.kind !== 'edited') return;
    expect(edited.change.key).not.toBe(change.key);
    expect(edited.change.refusal).toBeNull();
    expect(edited.change.crates).toBe(10);
    expect(await queue.drain()).toBe('empty');
    expect(sent.map((s) => [s.key, s.body.quantityBorrowed])).toEqual([
      [change.key, 50],
      [edited.change.key, 10],
    ]);
  });

  it('"try again" sends the refused change as it is, with a new key', async () => {
    let stock = 0;
    const { queue, sent } = setUp(() =>
      stock === 0 ? { kind: 'refused', status: 409, message: 'Not enough full crates: you have 0' } : ok(),
    );
    const change = await queue.enqueue(...lend(1, 5));
    expect(await queue.drain()).toBe('refused');
    stock = 20; // a delivery was counted meanwhile
    expect((await queue.retry(change.id)).kind).toBe('edited');
    expect(await queue.drain()).toBe('empty');
    expect(sent[1].key).not.toBe(change.key);
    expect(sent[1].body).toEqual(sent[0].body);
  });

  it('a cancelled change is never sent, and a cancel waits for a send under way (then it was sent)', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { queue, sent } = setUp(async () => {
      await held;
      return ok();
    });
    const first = await queue.enqueue(...lend(1, 5));
    const second = await queue.enqueue(...lend(2, 3));
    const draining = queue.drain();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The first is on the wire: its cancel waits for the answer, and then it is gone (sent).
    const cancelFirst = queue.cancel(first.id);
    release();
    expect(await cancelFirst).toEqual({ kind: 'gone' });
    expect(await draining).toBe('empty');
    expect(sent).toHaveLength(2);

    const third = await queue.enqueue(...lend(3, 1));
    expect((await queue.cancel(third.id)).kind).toBe('cancelled');
    expect(await queue.drain()).toBe('empty');
    expect(sent.map((s) => s.body.clientId)).toEqual([1, 2]);
    expect(second.id).not.toBe(third.id);
  });

  it('a 401 stops the queue and keeps the change as it was (nothing was booked)', async () => {
    const { queue } = setUp(() => ({ kind: 'signed-out' }));
    await queue.enqueue(...lend(1, 5));
    expect(await queue.drain()).toBe('signed-out');
    expect((await queue.list())[0]).toMatchObject({ attempted: false, refusal: null });
  });

  it('a lend to a client added offline gets the new client id from the answer that created it', async () => {
    const { queue, sent } = setUp((change) => (change.kind === 'add-client' ? ok({ id: 321 }) : ok({ id: 5 })));
    const add = await queue.enqueue(label('add-client', null), {
      method: 'POST',
      path: '/api/clients',
      body: { businessName: 'New', clientName: 'N', contactNumber: '0821234567' },
    });
    const [lendLabel, lendRequest] = lend(0, 4);
    const { clientId: _none, ...bodyWithoutClient } = lendRequest.body;
    await queue.enqueue(lendLabel, { ...lendRequest, body: bodyWithoutClient }, { clientFrom: add.id });
    expect(await queue.drain()).toBe('empty');
    expect(sent[1].body).toEqual({ quantityBorrowed: 4, clientId: 321 });
  });

  it('cancelling the new client cancels the lend that needed it', async () => {
    const { queue, sent } = setUp(() => ok());
    const add = await queue.enqueue(label('add-client', null), { method: 'POST', path: '/api/clients', body: {} });
    await queue.enqueue(...lend(0, 4), { clientFrom: add.id });
    const outcome = await queue.cancel(add.id);
    expect(outcome.kind === 'cancelled' && outcome.removed.map((c) => c.kind)).toEqual(['add-client', 'lend']);
    expect(await queue.drain()).toBe('empty');
    expect(sent).toEqual([]);
  });

  it('a lend whose client never came back is stopped for the agent, not sent without a client', async () => {
    const { queue, sent } = setUp(() => ok({ unexpected: true }));
    const add = await queue.enqueue(label('add-client', null), { method: 'POST', path: '/api/clients', body: {} });
    await queue.enqueue(...lend(0, 4), { clientFrom: add.id });
    expect(await queue.drain()).toBe('refused');
    expect(sent).toHaveLength(1);
    expect((await queue.list())[0].refusal?.message).toBe(CLIENT_NOT_ADDED);
  });

  const photo = (loanId: number): [ChangeLabel, ChangeRequest] => [
    label('attach-photo', null),
    { method: 'POST', path: '/api/evidence', body: { recordKind: 'client-transaction', recordId: loanId } },
  ];

  it('a photo chosen for a waiting return goes after the return, and not at all when it is cancelled', async () => {
    const { queue, sent } = setUp(() => ok());
    const back = await queue.enqueue(label('return', 3), {
      method: 'PUT',
      path: '/api/client-transactions/4',
      body: {},
    });
    const shot = await queue.enqueue(...photo(4), { after: back.id });
    expect(shot.after).toBe(back.id);
    expect(await queue.drain()).toBe('empty');
    expect(sent.map((s) => s.path)).toEqual(['/api/client-transactions/4', '/api/evidence']);

    const again = await queue.enqueue(label('return', 3), {
      method: 'PUT',
      path: '/api/client-transactions/4',
      body: {},
    });
    await queue.enqueue(...photo(4), { after: again.id });
    const outcome = await queue.cancel(again.id);
    expect(outcome.kind === 'cancelled' && outcome.removed.map((c) => c.kind)).toEqual(['return', 'attach-photo']);
    expect(await queue.list()).toEqual([]);
  });

  it('a photo whose change was refused waits: it is never sent ahead of it', async () => {
    const { queue, sent } = setUp((change) =>
      change.kind === 'return' ? { kind: 'refused', status: 409, message: 'No' } : ok(),
    );
    const back = await queue.enqueue(label('return', 3), {
      method: 'PUT',
      path: '/api/client-transactions/4',
      body: {},
    });
    const shot = await queue.enqueue(...photo(4), { after: back.id });
    expect(await queue.drain()).toBe('refused');
    expect(sent).toHaveLength(1);
    expect((await queue.list()).map((c) => c.id)).toEqual([back.id, shot.id]);
    await queue.cancel(back.id);
    expect(await queue.list()).toEqual([]);
  });

  it('a photo for a change already sent goes on its own', async () => {
    const { queue } = setUp(() => ok());
    const shot = await queue.enqueue(...photo(4), { after: 'gone-already' });
    expect(shot.after).toBeUndefined();
  });

  it('discarding at sign-out removes every waiting change', async () => {
    const { queue, sent } = setUp(() => ok());
    await queue.enqueue(...lend(1, 5));
    await queue.enqueue(...ack(9, 48));
    expect(await queue.discardAll()).toHaveLength(2);
    expect(await queue.drain()).toBe('empty');
    expect(sent).toEqual([]);
  });
});

describe('what an answer means', () => {
  it('reads the Idempotency-Key statuses and the usual ones', () => {
    const json = (message: string) => JSON.stringify({ message });
    expect(outcomeOf(201, '{"id":4}', null)).toEqual({ kind: 'sent', answer: { id: 4 } });
    expect(outcomeOf(200, '', null)).toEqual({ kind: 'sent', answer: undefined });
    expect(outcomeOf(409, json(idempotencyMessages.inProgress), '1')).toEqual({ kind: 'wait', ms: 1000 });
    expect(outcomeOf(409, json(idempotencyMessages.takenOver), null)).toEqual({ kind: 'wait', ms: 1000 });
    expect(outcomeOf(409, json(idempotencyMessages.answerLost), null)).toEqual({ kind: 'sent', answer: undefined });
    expect(outcomeOf(409, json('This transmission was already acknowledged'), null)).toEqual({
      kind: 'refused',
      status: 409,
      message: 'This transmission was already acknowledged',
    });
    expect(outcomeOf(422, json(idempotencyMessages.reused), null)).toMatchObject({ kind: 'refused', status: 422 });
    expect(outcomeOf(404, '', null)).toEqual({ kind: 'refused', status: 404, message: 'The server answered 404' });
    expect(outcomeOf(401, json('Not signed in'), null)).toEqual({ kind: 'signed-out' });
    for (const status of [500, 502, 503, 429, 408]) {
      expect(outcomeOf(status, '', null)).toEqual({ kind: 'unreachable', reachedServer: true });
    }
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(null)).toBe(1000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT')).toBe(1000);
  });

  it('says how many changes wait, in words for 0 and 1', () => {
    expect(waitingText(0)).toBe('no changes waiting to send');
    expect(waitingText(1)).toBe('1 change waiting to send');
    expect(waitingText(3)).toBe('3 changes waiting to send');
  });
});

describe('the waiting changes in IndexedDB', () => {
  it("keeps each user's changes apart, and a removed change stays removed", async () => {
    const change = (userId: number, id: string): QueuedChange => ({
      ...label('lend'),
      ...lend(1, 5)[1],
      id,
      key: `k-${id}`,
      userId,
      queuedAt: 1,
      attempted: false,
      refusal: null,
    });
    await indexedDbChangeStore.put(change(1, 'a'));
    await indexedDbChangeStore.put(change(1, 'b'));
    await indexedDbChangeStore.put(change(2, 'c'));
    await indexedDbChangeStore.put(change(11, 'd'));
    expect((await indexedDbChangeStore.all(1)).map((c) => c.id).sort()).toEqual(['a', 'b']);
    expect((await indexedDbChangeStore.all(2)).map((c) => c.id)).toEqual(['c']);
    await indexedDbChangeStore.remove(1, 'a');
    expect((await indexedDbChangeStore.all(1)).map((c) => c.id)).toEqual(['b']);
    // Read afresh from the database, as after a reload.
    const reopened = await new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('cratekeeper-queue');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const all = open.result.transaction('changes').objectStore('changes').getAllKeys();
        all.onsuccess = () => resolve((all.result as string[]).sort());
      };
    });
    expect(reopened).toEqual(['11:d', '1:b', '2:c']);
  });
});
