// What the phone keeps of the screens it saw (decisions 036, 067): each save adds this page's answers
// to the ones kept from screens not opened since the last reload.
import 'fake-indexeddb/auto';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import { CACHE_BUSTER, CACHE_MAX_AGE_MS, withEarlier } from './persist.ts';

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
