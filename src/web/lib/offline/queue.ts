// The queue of changes waiting on the phone (decision 036): kept in IndexedDB, sent in the
// order they were made, one at a time, each with its own Idempotency-Key on every attempt. A network
// failure stops the queue until later; a refusal stops it at that change until the agent cancels,
// edits or retries it; a change that may have reached the server can no longer be cancelled. What it
// needs from the browser (storage, the lock, the network, the clock) is given to it, so the rules are
// tested without one (queue.test.ts).

import offlineEnglish from '../../../shared/i18n/en/offline.json' with { type: 'json' };
import { addEnglish, english } from '../../../shared/i18n/english.ts';
import { type ChangeLabel, type ChangeRequest, inQueueOrder, type QueuedChange, type SendOutcome } from './changes.ts';

addEnglish({ offline: offlineEnglish });

/** Where one user's changes are kept (IndexedDB in the browser, a Map in the tests). */
export type ChangeStore = {
  all: (userId: number) => Promise<QueuedChange[]>;
  put: (change: QueuedChange) => Promise<void>;
  remove: (userId: number, id: string) => Promise<void>;
};

export type QueueDeps = {
  store: ChangeStore;
  /** Runs `fn` while no other tab (or call) works on this user's queue. */
  withLock: <T>(fn: () => Promise<T>) => Promise<T>;
  /** One attempt: the request with the change's key. */
  send: (change: QueuedChange) => Promise<SendOutcome>;
  isOnline: () => boolean;
  newKey: () => string;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** The stored queue changed (here): screens and other tabs read it again. */
  onChanged?: () => void;
  /** The change being sent now, or null. */
  onSending?: (id: string | null) => void;
  /** A change was booked: the screens that show it refetch. */
  onSent?: (change: QueuedChange, answer: unknown) => void;
};

/** Why sending stopped: nothing left, no network, the server unreachable, a refusal, a session ended. */
export type DrainStop = 'empty' | 'offline' | 'unreachable' | 'refused' | 'signed-out';

export type CancelOutcome =
  /** Removed for good, with any change that needed it (a lend to a client added offline). */
  | { kind: 'cancelled'; removed: QueuedChange[] }
  /** Already sent (by this tab or another), or cancelled elsewhere. */
  | { kind: 'gone' }
  /** An attempt went out without an answer: the server may have booked it. */
  | { kind: 'maybe-sent' };

export type EditOutcome = { kind: 'edited'; change: QueuedChange } | { kind: 'gone' } | { kind: 'maybe-sent' };

type Step = { kind: 'sent' } | { kind: 'wait'; ms: number } | { kind: DrainStop };

/** The id of a created record in an answer ({ id: 12, … }), if it has one. */
const createdId = (answer: unknown): number | null => {
  const id = (answer as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'number' ? id : null;
};

/** Kept in English with the change (the waiting list says it in the reader's language). */
export const PHOTO_CHANGE_NOT_BOOKED = english('offline.photoChangeNotBooked');

export const CLIENT_NOT_ADDED = english('offline.clientNotAdded');

export class ChangeQueue {
  /** Answers to changes this tab sent, for a lend queued just after its client was sent. */
  private readonly answers = new Map<string, unknown>();

  constructor(
    readonly userId: number,
    private readonly deps: QueueDeps,
  ) {}

  /** The user's waiting changes, in the order they will be sent. */
  async list(): Promise<QueuedChange[]> {
    return (await this.deps.store.all(this.userId)).sort(inQueueOrder);
  }

  /**
   * Keeps a new change. `key` is the key of an attempt already made (a send that failed on the
   * network), `attempted` whether that attempt may have reached the server.
   */
  async enqueue(
    label: ChangeLabel,
    request: ChangeRequest,
    options: { key?: string; attempted?: boolean; clientFrom?: string; after?: string } = {},
  ): Promise<QueuedChange> {
    const change: QueuedChange = {
      ...label,
      ...request,
      id: this.deps.newKey(),
      key: options.key ?? this.deps.newKey(),
      userId: this.userId,
      queuedAt: this.deps.now(),
      attempted: options.attempted ?? false,
      refusal: null,
    };
    if (options.clientFrom) {
      const waiting = (await this.list()).some((c) => c.id === options.clientFrom);
      const id = createdId(this.answers.get(options.clientFrom));
      if (waiting) change.clientFrom = options.clientFrom;
      else if (id !== null) change.body = { ...change.body, clientId: id };
      else change.refusal = { status: 0, message: CLIENT_NOT_ADDED };
    }
    // A photo for a change already sent needs nothing; for one still waiting, it goes after it.
    if (options.after && (await this.list()).some((c) => c.id === options.after)) change.after = options.after;
    await this.deps.store.put(change);
    this.deps.onChanged?.();
    return change;
  }

  /** Removes a change for good, unless it was sent or may have been. */
  cancel(id: string): Promise<CancelOutcome> {
    return this.deps.withLock(async () => {
      const all = await this.list();
      const change = all.find((c) => c.id === id);
      if (!change) return { kind: 'gone' };
      if (change.attempted) return { kind: 'maybe-sent' };
      const removed = [change, ...all.filter((c) => c.clientFrom === id || c.after === id)];
      for (const c of removed) await this.deps.store.remove(this.userId, c.id);
      this.deps.onChanged?.();
      return { kind: 'cancelled', removed };
    });
  }

  /**
   * Changes what a waiting or refused change asks for (a count, a client's details) and clears its
   * refusal: it is a new request, so it gets a new key. `body` replaces the old body's fields.
   */
  edit(id: string, body: Record<string, unknown>, label: Partial<Pick<ChangeLabel, 'crates' | 'who'>> = {}) {
    return this.deps.withLock<EditOutcome>(async () => {
      const change = (await this.list()).find((c) => c.id === id);
      if (!change) return { kind: 'gone' };
      if (change.attempted) return { kind: 'maybe-sent' };
      const edited: QueuedChange = {
        ...change,
        ...label,
        body: { ...change.body, ...body },
        key: this.deps.newKey(),
        refusal: null,
      };
      await this.deps.store.put(edited);
      this.deps.onChanged?.();
      return { kind: 'edited', change: edited };
    });
  }

  /** Removes every waiting change (the agent chose to discard them and sign out). */
  discardAll(): Promise<QueuedChange[]> {
    return this.deps.withLock(async () => {
      const all = await this.list();
      for (const c of all) await this.deps.store.remove(this.userId, c.id);
      this.deps.onChanged?.();
      return all;
    });
  }

  /** Sends a refused change again as it is (the server's reason may have gone): a new key, a new request. */
  retry(id: string) {
    return this.edit(id, {});
  }

  /** Sends the waiting changes in order until none is left or something stops the queue. */
  async drain(): Promise<DrainStop> {
    for (;;) {
      if (!this.deps.isOnline()) return 'offline';
      const step = await this.deps.withLock(() => this.sendNext());
      if (step.kind === 'sent') continue;
      if (step.kind === 'wait') {
        await this.deps.sleep(step.ms);
        continue;
      }
      return step.kind;
    }
  }

  /** One attempt at the first change, holding the lock (so a cancel waits for its answer). */
  private async sendNext(): Promise<Step> {
    const next = (await this.list())[0];
    if (!next) return { kind: 'empty' };
    if (next.refusal) return { kind: 'refused' };
    if (next.clientFrom) {
      // Its client's change was cancelled or failed without our knowing: the agent decides.
      await this.deps.store.put({ ...next, refusal: { status: 0, message: CLIENT_NOT_ADDED } });
      this.deps.onChanged?.();
      return { kind: 'refused' };
    }
    if (next.after) {
      // The change the photo goes with is still ahead of it only if it failed unnoticed: the agent decides.
      await this.deps.store.put({ ...next, refusal: { status: 0, message: PHOTO_CHANGE_NOT_BOOKED } });
      this.deps.onChanged?.();
      return { kind: 'refused' };
    }
    // Marked before it goes out: if the tab closes mid-send, the change is known to be maybe sent.
    const attempt: QueuedChange = { ...next, attempted: true };
    await this.deps.store.put(attempt);
    this.deps.onSending?.(next.id);
    let outcome: SendOutcome;
    try {
      outcome = await this.deps.send(attempt);
    } finally {
      this.deps.onSending?.(null);
    }
    return this.settle(next, outcome);
  }

  private async settle(change: QueuedChange, outcome: SendOutcome): Promise<Step> {
    const { store } = this.deps;
    switch (outcome.kind) {
      case 'sent':
        await this.resolveDependents(change, outcome.answer);
        await store.remove(this.userId, change.id);
        this.answers.set(change.id, outcome.answer);
        this.deps.onChanged?.();
        this.deps.onSent?.(change, outcome.answer);
        return { kind: 'sent' };
      case 'wait':
        return { kind: 'wait', ms: outcome.ms };
      case 'unreachable':
        // A server failure (5xx) let go of the key: nothing was booked, as before the attempt.
        if (outcome.reachedServer) await store.put(change);
        this.deps.onChanged?.();
        return { kind: 'unreachable' };
      case 'signed-out':
        // Refused at the door, before the key was looked at: nothing was booked.
        await store.put(change);
        this.deps.onChanged?.();
        return { kind: 'signed-out' };
      case 'refused':
        // The server said what happened: nothing was booked, so the agent may cancel or edit it.
        await store.put({
          ...change,
          attempted: false,
          refusal: { status: outcome.status, message: outcome.message },
        });
        this.deps.onChanged?.();
        return { kind: 'refused' };
    }
  }

  /**
   * A lend that waited for its client's id gets it from the answer that created the client; a photo
   * that waited for its change is free to go.
   */
  private async resolveDependents(change: QueuedChange, answer: unknown) {
    for (const photo of (await this.list()).filter((c) => c.after === change.id)) {
      const { after: _sent, ...rest } = photo;
      await this.deps.store.put(rest);
    }
    const id = createdId(answer);
    for (const dependent of (await this.list()).filter((c) => c.clientFrom === change.id)) {
      const { clientFrom: _sent, ...rest } = dependent;
      await this.deps.store.put(
        id === null
          ? { ...rest, refusal: { status: 0, message: CLIENT_NOT_ADDED } }
          : { ...rest, body: { ...rest.body, clientId: id } },
      );
    }
  }
}
