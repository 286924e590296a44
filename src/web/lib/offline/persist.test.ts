// What the phone keeps of the screens it saw (decisions 036, 067): each save adds this page's answers
// to the ones kept from screens not opened since the last reload.
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { createStore, get } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_PATH } from '../../boot.ts';
import { CACHE_BUSTER, CACHE_DATABASE, CACHE_MAX_AGE_MS, FIRST_SAVE_MS, keepUserData, withEarlier } from './persist.ts';

const NOW = Date.UTC(2026, 10, 28, 12);
const query = (path: string, data: unknown, at: number, status: 'success' | 'error' = 'success') => ({
  queryKey: [path],
  queryHash: JSON.stringify([path]),
  state: {
    data,
    dataUpdatedAt: at,
    status,
    error: status === 'error' ? new Error('offline') : null,
    fetchFailureCount: status === 'error' ? 1 : 0,
    fetchFailureReason: status === 'error' ? new Error('offline') : null,
  },
});
const client = (queries: ReturnType<typeof query>[], buster = CACHE_BUSTER) =>
  ({ timestamp: NOW, buster, clientState: { queries, mutations: [] } }) as unknown as PersistedClient;
const paths = (c: PersistedClient) => c.clientState.queries.map((q) => q.queryKey[0]);

describe('what the phone keeps', () => {
  it('keeps the screens seen before a reload beside the ones on this page, the newer answer winning', () => {
    const kept = client([query('/api/clients', ['old'], NOW - 60_000), query('/api/transmissions', [1], NOW - 60_000)]);
    const now = client([query('/api/clients', ['new'], NOW)]);
    const merged = withEarlier(now, kept, NOW);
    expect(paths(merged)).toEqual(['/api/clients', '/api/transmissions']);
    expect(merged.clientState.queries[0]?.state.data).toEqual(['new']);
  });

  it('drops answers older than a session, and everything kept under another buster', () => {
    const old = client([query('/api/clients', [], NOW - CACHE_MAX_AGE_MS - 1)]);
    expect(paths(withEarlier(client([]), old, NOW))).toEqual([]);
    const otherShape = client([query('/api/clients', [], NOW)], 'cratekeeper-cache-0');
    expect(paths(withEarlier(client([]), otherShape, NOW))).toEqual([]);
  });

  it('keeps an answer whose refetch failed offline as the answer it is, not as an error', () => {
    const merged = withEarlier(client([query('/api/market-agents/me', { fullCrates: 3 }, NOW, 'error')]), undefined);
    expect(merged.clientState.queries[0]?.state).toMatchObject({
      status: 'success',
      error: null,
      data: { fullCrates: 3 },
      dataUpdatedAt: NOW,
    });
  });
});

describe('keepUserData', () => {
  it('keeps what the cache already holds when keeping starts, without waiting for a change', async () => {
    // No browser here: the listeners for offline, pagehide and hidden are not what this test is about.
    const listeners = { addEventListener: () => undefined, removeEventListener: () => undefined };
    vi.stubGlobal('window', listeners);
    vi.stubGlobal('document', { ...listeners, visibilityState: 'visible' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const queryClient = new QueryClient();
      queryClient.setQueryData([SESSION_PATH], { id: 7 });
      queryClient.setQueryData(['/api/reports/my-weekly'], { deliveries: 21 });
      const stop = keepUserData(queryClient, 7);
      await vi.advanceTimersByTimeAsync(FIRST_SAVE_MS);
      vi.useRealTimers();
      await expect
        .poll(async () => (await get<PersistedClient>('user:7', createStore(CACHE_DATABASE, 'kept')))?.clientState)
        .toMatchObject({
          queries: expect.arrayContaining([expect.objectContaining({ queryKey: ['/api/reports/my-weekly'] })]),
        });
      stop();
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});
