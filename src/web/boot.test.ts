// The page's first script's early answers (decision 033): the api client takes one for the first GET
// of its path, once, and then asks the server as usual.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { askEarly, EARLY_ANSWER_MS, takeEarlyAnswer } from './boot.ts';
import { api, forgetAnswers } from './lib/api-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  forgetAnswers();
});

const answering = (body: string) =>
  vi.fn(async (_path: string, _init?: RequestInit) => new Response(body, { status: 200 }));

describe('early answers', () => {
  it('are sent like a first read, and taken once by the first GET of the same path', async () => {
    const early = answering('{"count":3}');
    vi.stubGlobal('fetch', early);
    void askEarly('/api/transmissions/pending-count');
    expect(early).toHaveBeenCalledWith('/api/transmissions/pending-count', {
      method: 'GET',
      credentials: 'include',
      headers: {},
    });
    const later = answering('{"count":4}');
    vi.stubGlobal('fetch', later);
    expect(await api.get('/api/transmissions/pending-count')).toEqual({ count: 3 });
    expect(later).not.toHaveBeenCalled();
    expect(await api.get('/api/transmissions/pending-count')).toEqual({ count: 4 });
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('are dropped when nobody takes them in time', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', answering('{}'));
    void askEarly('/api/tenders');
    vi.advanceTimersByTime(EARLY_ANSWER_MS + 1);
    expect(takeEarlyAnswer('/api/tenders')).toBeUndefined();
    expect(takeEarlyAnswer('/api/never-sent')).toBeUndefined();
  });
});
