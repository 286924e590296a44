// The read cache's rules (decision 032): an answer is served only for the key it was stored under and
// only while nothing its tags name has changed since its read began; nothing is kept while the
// instance can't hear the changes or while a change made here is not yet committed.
import { describe, expect, it } from 'vitest';
import { createReadCache, etagOf, matchesEtag } from './read-cache.ts';

const answer = (body: string) => ({ body, contentType: 'application/json; charset=utf-8' });

function listeningCache(options: Parameters<typeof createReadCache>[0] = {}) {
  const cache = createReadCache<{ id: number }>(options);
  cache.setListening(true, 0);
  return cache;
}

/** Reads `key` through the cache as the plugin does: the stored answer, or a fill with `body`. */
function read(
  cache: ReturnType<typeof listeningCache>,
  key: string,
  tags: ['transmissions'] | ['pricing'],
  body: string,
) {
  const kept = cache.get(key, tags);
  if (kept) return kept.body;
  cache.startFill(key, tags).finish(answer(body));
  return body;
}

describe('answers', () => {
  it('are served for the same key until a change to one of their tags', () => {
    const cache = listeningCache();
    expect(read(cache, 'agent 1', ['transmissions'], 'v1')).toBe('v1');
    expect(read(cache, 'agent 1', ['transmissions'], 'v2')).toBe('v1');
    cache.apply({ id: 1, tags: ['pricing'] });
    expect(read(cache, 'agent 1', ['transmissions'], 'v2')).toBe('v1');
    cache.apply({ id: 2, tags: ['transmissions', 'crates'] });
    expect(read(cache, 'agent 1', ['transmissions'], 'v2')).toBe('v2');
  });

  it('are never served for another key (another caller)', () => {
    const cache = listeningCache();
    read(cache, '7|GET /api/market-agents/me', ['transmissions'], 'agent 7');
    expect(cache.get('8|GET /api/market-agents/me', ['transmissions'])).toBeUndefined();
    expect(read(cache, '8|GET /api/market-agents/me', ['transmissions'], 'agent 8')).toBe('agent 8');
  });

  it('are not kept when a change lands while they are read', () => {
    const cache = listeningCache();
    const fill = cache.startFill('k', ['transmissions']);
    cache.apply({ id: 1, tags: ['transmissions'] });
    expect(fill.finish(answer('read before the change'))).toBeNull();
    expect(cache.get('k', ['transmissions'])).toBeUndefined();
  });

  it('one read for many simultaneous misses: the others wait for it', async () => {
    const cache = listeningCache();
    const fill = cache.startFill('k', ['transmissions']);
    const waiting = [cache.pending('k', ['transmissions']), cache.pending('k', ['transmissions'])];
    fill.finish(answer('once'));
    const answers = await Promise.all(waiting);
    expect(answers.map((a) => a?.body)).toEqual(['once', 'once']);
  });

  it('a change applied twice (by its writer, then heard) bumps once; a lower id heard later still counts', () => {
    const cache = listeningCache();
    cache.setListening(true, 10);
    cache.apply({ id: 12, tags: ['transmissions'] });
    read(cache, 'k', ['transmissions'], 'v1');
    cache.apply({ id: 12, tags: ['transmissions'] });
    expect(cache.get('k', ['transmissions'])?.body).toBe('v1');
    cache.apply({ id: 9, tags: ['transmissions'] });
    expect(cache.get('k', ['transmissions'])).toBeUndefined();
  });

  it('a waiter after a change does not wait for a read begun before it', () => {
    const cache = listeningCache();
    cache.startFill('k', ['transmissions']);
    cache.apply({ id: 1, tags: ['transmissions'] });
    expect(cache.pending('k', ['transmissions'])).toBeUndefined();
  });

  it('a failed read wakes its waiters with nothing, and nothing is kept', async () => {
    const cache = listeningCache();
    const fill = cache.startFill('k', ['transmissions']);
    const waiting = cache.pending('k', ['transmissions']);
    fill.finish(null);
    expect(await waiting).toBeNull();
    expect(cache.get('k', ['transmissions'])).toBeUndefined();
  });

  it('are not older than maxAgeMs, whatever the versions say', () => {
    let now = 1_000;
    const cache = listeningCache({ maxAgeMs: 500, now: () => now });
    read(cache, 'k', ['transmissions'], 'v1');
    now += 499;
    expect(cache.get('k', ['transmissions'])?.body).toBe('v1');
    now += 1;
    expect(cache.get('k', ['transmissions'])).toBeUndefined();
  });

  it('stay within maxBytes, the least recently used going first', () => {
    const cache = listeningCache({ maxBytes: 3 * (100 + 64) });
    for (const key of ['a', 'b', 'c', 'd']) read(cache, key, ['transmissions'], 'x'.repeat(100));
    expect(cache.size.answers).toBe(3);
    expect(cache.get('a', ['transmissions'])).toBeUndefined();
    expect(cache.get('d', ['transmissions'])).toBeDefined();
  });
});

describe('while the changes cannot be heard', () => {
  it('nothing is served or kept before the listener is connected', () => {
    const cache = createReadCache();
    expect(cache.startFill('k', ['transmissions']).finish(answer('v1'))).toBeNull();
    expect(cache.get('k', ['transmissions'])).toBeUndefined();
  });

  it('losing the listener forgets everything; reconnecting starts from empty', () => {
    const cache = listeningCache();
    read(cache, 'k', ['transmissions'], 'v1');
    cache.setListening(false);
    expect(cache.get('k', ['transmissions'])).toBeUndefined();
    expect(read(cache, 'k', ['transmissions'], 'v2')).toBe('v2');
    expect(cache.get('k', ['transmissions'])).toBeUndefined();
    cache.setListening(true, 10);
    expect(cache.get('k', ['transmissions'])).toBeUndefined();
    expect(read(cache, 'k', ['transmissions'], 'v3')).toBe('v3');
    expect(read(cache, 'k', ['transmissions'], 'v4')).toBe('v3');
  });

  it('a read begun before the listener dropped is not kept after it reconnects', () => {
    const cache = listeningCache();
    const fill = cache.startFill('k', ['transmissions']);
    cache.setListening(false);
    cache.setListening(true, 5);
    expect(fill.finish(answer('from before the drop'))).toBeNull();
  });

  it('paused: reads go to the database, and what was kept is served again after', () => {
    const cache = listeningCache();
    read(cache, 'k', ['transmissions'], 'v1');
    cache.pause(true);
    expect(read(cache, 'k', ['transmissions'], 'fresh')).toBe('fresh');
    cache.pause(false);
    expect(cache.get('k', ['transmissions'])?.body).toBe('v1');
  });
});

describe('changes made in this process', () => {
  it('keep their scopes out of the cache until their commit is heard', () => {
    const cache = listeningCache();
    read(cache, 'k', ['transmissions'], 'v1');
    cache.recorded({ id: 5, tags: ['transmissions'] });
    expect(cache.get('k', ['transmissions'])).toBeUndefined();
    expect(cache.startFill('k', ['transmissions']).finish(answer('uncommitted?'))).toBeNull();
    expect(read(cache, 'p', ['pricing'], 'other scope')).toBe('other scope');
    expect(cache.get('p', ['pricing'])?.body).toBe('other scope');
    cache.apply({ id: 5, tags: ['transmissions'] });
    expect(read(cache, 'k', ['transmissions'], 'v2')).toBe('v2');
    expect(cache.get('k', ['transmissions'])?.body).toBe('v2');
  });

  it('a change never heard (rolled back) lets go after uncommittedMs', () => {
    let now = 0;
    const cache = listeningCache({ uncommittedMs: 100, now: () => now });
    cache.recorded({ id: 5, tags: ['transmissions'] });
    expect(cache.usable(['transmissions'])).toBe(false);
    now = 101;
    expect(cache.usable(['transmissions'])).toBe(true);
  });
});

describe('which changes this instance has seen', () => {
  it('everything committed before it started, and every change it applied', () => {
    const cache = listeningCache();
    cache.setListening(true, 100);
    expect(cache.hasSeen(100)).toBe(true);
    expect(cache.hasSeen(101)).toBe(false);
    cache.apply({ id: 102, tags: [] });
    expect(cache.hasSeen(102)).toBe(true);
    expect(cache.hasSeen(101)).toBe(false);
  });

  it('remembers a bounded number of ids; older ones count as seen', () => {
    const cache = listeningCache({ rememberIds: 2 });
    for (const id of [3, 5, 7]) cache.apply({ id, tags: [] });
    expect(cache.hasSeen(3)).toBe(true);
    expect(cache.hasSeen(4)).toBe(false);
    expect(cache.hasSeen(6)).toBe(false);
    cache.apply({ id: 9, tags: [] });
    expect(cache.hasSeen(4)).toBe(true);
    expect(cache.hasSeen(6)).toBe(false);
    expect(cache.hasSeen(7)).toBe(true);
  });
});

describe('sessions', () => {
  const expires = (ms: number) => new Date(ms);

  it('are read once, then from memory until a users change', async () => {
    const cache = listeningCache();
    let reads = 0;
    const load = async () => ({ id: ++reads, expiresAt: expires(Date.now() + 60_000) });
    expect((await cache.session('t', load))?.id).toBe(1);
    expect((await cache.session('t', load))?.id).toBe(1);
    cache.apply({ id: 1, tags: ['transmissions'] });
    expect((await cache.session('t', load))?.id).toBe(1);
    cache.apply({ id: 2, tags: ['users'] });
    expect((await cache.session('t', load))?.id).toBe(2);
  });

  it('are not served past their expiry, nor when none was found', async () => {
    let now = 1_000;
    const cache = listeningCache({ now: () => now });
    let reads = 0;
    const load = async () => (++reads === 1 ? { id: 1, expiresAt: expires(2_000) } : null);
    expect(await cache.session('t', load)).not.toBeNull();
    now = 2_000;
    expect(await cache.session('t', load)).toBeNull();
    expect(await cache.session('t', load)).toBeNull();
    expect(reads).toBe(3);
  });

  it('a sign-out read while it happens is not kept', async () => {
    const cache = listeningCache();
    const stale = await cache.session('t', async () => {
      cache.apply({ id: 9, tags: ['users'] });
      return { id: 1, expiresAt: expires(Date.now() + 60_000) };
    });
    expect(stale).not.toBeNull();
    expect(cache.size.sessions).toBe(0);
  });
});

describe('ETags', () => {
  it('are strong, differ by body, and If-None-Match lists match', () => {
    const a = etagOf('{"a":1}');
    expect(a).toMatch(/^"[\w-]+"$/);
    expect(etagOf('{"a":2}')).not.toBe(a);
    expect(matchesEtag(a, a)).toBe(true);
    expect(matchesEtag(`"x", ${a}`, a)).toBe(true);
    expect(matchesEtag(`W/${a}`, a)).toBe(true);
    expect(matchesEtag('*', a)).toBe(true);
    expect(matchesEtag('"x"', a)).toBe(false);
    expect(matchesEtag(undefined, a)).toBe(false);
  });
});
