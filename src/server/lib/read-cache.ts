// The read cache (decision 032): hot reads and sessions answered from memory, kept true by
// the change events. Each domain tag (shared/change-tags.ts) is a data scope with a version here; a
// change event bumps the versions of its tags, on every instance (the change hub applies each event it
// hears) and at once on the instance that made it (the read-cache plugin applies a request's own
// events after they committed). An answer is stored with the versions of the tags it depends on as
// they were when its read began, and served only while they are unchanged: a write that lands during
// the read leaves nothing stored. While the instance can't hear the events (its database listener is
// down) nothing is stored or served. A core module: the read-cache plugin and the change hub use it.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ChangeTag } from '../../shared/change-tags.ts';

/** An answer kept for one caller (or everyone) and one URL. */
export type CachedAnswer = {
  body: string;
  contentType: string;
  etag: string;
  /** The body gzipped, made the first time a caller that takes gzip is served it (plugins/read-cache.ts). */
  gzip?: Buffer;
  /** The versions it was read at (stampOf). */
  stamp: string;
  storedAt: number;
};

export type ReadCacheOptions = {
  /** Bytes of answer bodies kept at most (least recently used go first). */
  maxBytes?: number;
  /** The oldest an answer may be, whatever the versions say: a safety net, not the rule. */
  maxAgeMs?: number;
  /** How many recent event ids are remembered for read-your-writes across instances. */
  rememberIds?: number;
  /** How long a change recorded here but not yet heard back keeps its scopes out of the cache. */
  uncommittedMs?: number;
  now?: () => number;
};

/** What the cache keeps of a session: the row the auth plugin reads, and until when it holds. */
type CachedSession<S> = { session: S; expiresAt: number; stamp: string };

/** A session ends, or its user's password, role or status changes, only with a `users` change. */
const SESSION_TAGS: readonly ChangeTag[] = ['users'];

/** A strong ETag for an answer body. */
export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** The ETag of the gzipped answer: weak, as the same content in another coding (RFC 9110 §8.8.1). */
export const gzipEtagOf = (etag: string) => `W/${etag}`;

/** Does an If-None-Match header name this ETag (or `*`)? Weak comparison, as RFC 9110 asks for GET. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * The event ids this instance has applied, for "has this instance seen the change the caller knows
 * of?". Ids at or below the floor count as seen: those committed before the instance started, and the
 * oldest applied ones once more than `capacity` are remembered.
 */
function appliedIds(capacity: number) {
  const ids = new Set<number>();
  const order: number[] = [];
  let floor = 0;
  return {
    start(latest: number) {
      floor = Math.max(floor, latest);
    },
    add(id: number) {
      if (id <= floor || ids.has(id)) return;
      ids.add(id);
      order.push(id);
      if (order.length > capacity) {
        const oldest = order.shift()!;
        ids.delete(oldest);
        floor = Math.max(floor, oldest);
      }
    },
    has: (id: number) => id <= floor || ids.has(id),
    /** Applied here (not merely at or below the floor: a lower id can commit after a higher one). */
    applied: (id: number) => ids.has(id),
  };
}

const READ_CACHE_DEFAULTS: Required<ReadCacheOptions> = {
  maxBytes: 64 * 1024 * 1024,
  maxAgeMs: 60_000,
  rememberIds: 4096,
  uncommittedMs: 5_000,
  now: Date.now,
};

/** Changes recorded in this process whose commit hasn't been heard yet: id → tags, when. */
type Uncommitted = Map<number, { tags: readonly string[]; at: number }>;

/** Whether a change recorded here and not heard back yet names one of these tags (lapsed marks go). */
function writingCheck(uncommitted: Uncommitted, uncommittedMs: number, now: () => number) {
  return (tags: readonly ChangeTag[]) => {
    if (uncommitted.size === 0) return false;
    const t = now();
    for (const [id, mark] of uncommitted) {
      if (t - mark.at > uncommittedMs) uncommitted.delete(id);
      else if (mark.tags.some((tag) => tags.includes(tag as ChangeTag))) return true;
    }
    return false;
  };
}

/**
 * The reads under way (one per key at the current versions): later misses wait for it instead of
 * asking the database too (one read for many simultaneous misses).
 */
function fillsOf(cache: {
  usable: (tags: readonly ChangeTag[]) => boolean;
  stampOf: (tags: readonly ChangeTag[]) => string;
  store: (key: string, answer: CachedAnswer) => void;
  now: () => number;
}) {
  const { usable, stampOf, now } = cache;
  const fills = new Map<string, { stamp: string; done: Promise<CachedAnswer | null> }>();
  return {
    clear: () => fills.clear(),

    /**
     * The read of `key` already under way at the current versions, if any: later misses wait for it
     * instead of asking the database too (one read for many simultaneous misses).
     */
    pending(key: string, tags: readonly ChangeTag[]): Promise<CachedAnswer | null> | undefined {
      const fill = fills.get(key);
      return fill && fill.stamp === stampOf(tags) ? fill.done : undefined;
    },

    /**
     * Starts a read of `key`, noting the versions of its `tags` now, before the database is asked;
     * `finish` stores its answer (or nothing) and wakes the waiters.
     */
    startFill(key: string, tags: readonly ChangeTag[]) {
      const stamp = stampOf(tags);
      let resolve!: (answer: CachedAnswer | null) => void;
      const done = new Promise<CachedAnswer | null>((r) => {
        resolve = r;
      });
      const fill = { stamp, done };
      if (usable(tags)) fills.set(key, fill);
      return {
        finish(answer: { body: string; contentType: string } | null): CachedAnswer | null {
          if (fills.get(key) === fill) fills.delete(key);
          // Stored only if nothing it depends on changed while it was read.
          const stored =
            answer && usable(tags) && stampOf(tags) === stamp
              ? { ...answer, etag: etagOf(answer.body), stamp, storedAt: now() }
              : null;
          if (stored) cache.store(key, stored);
          resolve(stored);
          return stored;
        },
      };
    },
  };
}

/** The session behind a token hash, from `sessions` while no `users` change happened since it was read. */
async function keptSession<S>(
  cache: {
    usable: (tags: readonly ChangeTag[]) => boolean;
    stampOf: (tags: readonly ChangeTag[]) => string;
    now: () => number;
  },
  sessions: LRUCache<string, CachedSession<S>>,
  tokenHash: string,
  read: () => Promise<(S & { expiresAt: Date }) | null>,
): Promise<S | null> {
  const { usable, stampOf, now } = cache;
  const stamp = stampOf(SESSION_TAGS);
  const kept = usable(SESSION_TAGS) ? sessions.get(tokenHash) : undefined;
  if (kept && kept.stamp === stamp && kept.expiresAt > now()) return kept.session;
  const found = await read();
  if (found && usable(SESSION_TAGS) && stampOf(SESSION_TAGS) === stamp) {
    sessions.set(tokenHash, { session: found, expiresAt: found.expiresAt.getTime(), stamp });
  }
  return found;
}

// Long: one cache's state (versions, epoch, answers, sessions, fills in flight) is shared by its few
// operations; apart they would pass all of it around.
export function createReadCache<S = unknown>(options: ReadCacheOptions = {}) {
  const { maxBytes, maxAgeMs, rememberIds, uncommittedMs, now } = { ...READ_CACHE_DEFAULTS, ...options };
  const versions = new Map<ChangeTag, number>();
  // Bumped whenever the instance may have missed events: every stamp taken before then is void.
  let epoch = 0;
  let listening = false;
  let paused = false;
  const applied = appliedIds(rememberIds);
  const answers = new LRUCache<string, CachedAnswer>({ maxSize: maxBytes, sizeCalculation: (a) => a.body.length + 64 });
  const sessions = new LRUCache<string, CachedSession<S>>({ max: 50_000 });
  // Changes recorded in this process whose commit hasn't been heard yet (id → tags, when): reads of
  // their scopes skip the cache until then, so a write followed by a read sees the write even before
  // the notification arrives. A rolled-back write is never heard: its mark lapses after uncommittedMs.
  const uncommitted: Uncommitted = new Map();
  const writing = writingCheck(uncommitted, uncommittedMs, now);
  const usable = (tags: readonly ChangeTag[]) => listening && !paused && !writing(tags);

  const stampOf = (tags: readonly ChangeTag[]) => `${epoch}:${tags.map((t) => versions.get(t) ?? 0).join('.')}`;
  const fresh = (storedAt: number) => now() - storedAt < maxAgeMs;
  const fills = fillsOf({ usable, stampOf, store: (key, answer) => answers.set(key, answer), now });

  return {
    /** True while the instance hears every change event; otherwise reads go to the database. */
    get listening() {
      return listening;
    },

    /**
     * Reads go to the database while paused; what is kept stays (tests compare a cached answer with a
     * fresh one; the benchmark measures both).
     */
    pause(on: boolean) {
      paused = on;
    },

    /** The listener is connected (after `latestId`, the newest event committed before it) or lost. */
    setListening(connected: boolean, latestId = 0) {
      epoch++;
      listening = connected;
      answers.clear();
      sessions.clear();
      fills.clear();
      uncommitted.clear();
      if (connected) applied.start(latestId);
    },

    /** A change recorded in this process, not yet committed: its scopes skip the cache until it is. */
    recorded(event: { id: number; tags: readonly string[] }) {
      uncommitted.set(event.id, { tags: event.tags, at: now() });
    },

    /** A committed change: its scopes' versions go up, so every answer that read them is stale. */
    apply(event: { id: number; tags: readonly string[] }) {
      // Once per event: the writer's instance applies it when the answer goes out, then hears it again.
      if (applied.applied(event.id)) return;
      for (const tag of event.tags as ChangeTag[]) versions.set(tag, (versions.get(tag) ?? 0) + 1);
      applied.add(event.id);
      uncommitted.delete(event.id);
    },

    /** May answers for these tags be served and stored just now? */
    usable,

    /** Has this instance applied the change with this id (so its answers include it)? */
    hasSeen: (id: number) => applied.has(id),

    /** The stored answer for `key`, if nothing its `tags` name changed since it was read. */
    get(key: string, tags: readonly ChangeTag[]): CachedAnswer | undefined {
      if (!usable(tags)) return undefined;
      const answer = answers.get(key);
      if (!answer || answer.stamp !== stampOf(tags) || !fresh(answer.storedAt)) return undefined;
      return answer;
    },

    /** The read of `key` already under way at the current versions, if any (fillsOf). */
    pending: fills.pending,

    /** Starts a read of `key`; `finish` stores its answer (or nothing) and wakes the waiters (fillsOf). */
    startFill: fills.startFill,

    /** The session behind a token hash, from memory while no `users` change happened since it was read. */
    session(tokenHash: string, read: () => Promise<(S & { expiresAt: Date }) | null>): Promise<S | null> {
      return keptSession({ usable, stampOf, now }, sessions, tokenHash, read);
    },

    /** Forgets one session at once (its sign-out), before the change event comes round. */
    dropSession(tokenHash: string) {
      sessions.delete(tokenHash);
    },

    /** How much is kept, and the byte bound (for /metrics, tests and the benchmark). */
    get size() {
      return { answers: answers.size, bytes: answers.calculatedSize, maxBytes, sessions: sessions.size };
    },
  };
}

export type ReadCache<S = unknown> = ReturnType<typeof createReadCache<S>>;
