// The spec §8 error rule: "<status>: <body text or status text>", and the server message for toasts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessage, forgetAnswers, onAnsweredChanges } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

const respond = (status: number, body: string, statusText = '') =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body || null, { status, statusText })),
  );

describe('api client', () => {
  it('turns a non-OK response into "<status>: <body>", and the toast into the spec text plus the reason', async () => {
    respond(409, '{"message":"No empty crates available to return"}');
    const error = (await api.post('/api/transmissions', { quantity: 1 }).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('409: {"message":"No empty crates available to return"}');
    expect(error.serverMessage).toBe('No empty crates available to return');
    expect(errorMessage(error, 'Failed to send empty crates to farm')).toBe(
      'Failed to send empty crates to farm. No empty crates available to return',
    );
    expect(errorMessage(error, 'No empty crates available to return')).toBe('No empty crates available to return');
    expect(errorMessage(error, 'Failed to change password. Please check your current password.')).toBe(
      'Failed to change password. Please check your current password. No empty crates available to return',
    );
  });

  it('uses the status text when the body is empty, and the fallback for toasts', async () => {
    respond(502, '', 'Bad Gateway');
    const error = (await api.get('/api/health').catch((e) => e)) as ApiError;
    expect(error.message).toBe('502: Bad Gateway');
    expect(errorMessage(error, 'Failed to fetch users')).toBe('Failed to fetch users');
  });

  it('sends JSON with cookies, and no body or content type when there is none', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await api.put('/api/transmissions/1/acknowledge')).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/transmissions/1/acknowledge', {
      method: 'PUT',
      credentials: 'include',
      headers: { 'Accept-Language': 'en' },
      body: undefined,
    });
    await api.post('/api/contact', { name: 'A' });
    expect(fetchMock).toHaveBeenLastCalledWith('/api/contact', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Accept-Language': 'en', 'Content-Type': 'application/json' },
      body: '{"name":"A"}',
    });
  });

  it('sends back the ETag of the last answer to a read, and reuses that answer on 304', async () => {
    forgetAnswers();
    const fetchMock = vi.fn(
      async (_path: string, _init: RequestInit) =>
        new Response('{"count":2}', { status: 200, headers: { etag: '"a1"' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await api.get('/api/transmissions/pending-count')).toEqual({ count: 2 });
    expect(fetchMock.mock.calls[0][1].headers).toEqual({ 'Accept-Language': 'en' });

    fetchMock.mockImplementation(async () => new Response(null, { status: 304, headers: { etag: '"a1"' } }));
    expect(await api.get('/api/transmissions/pending-count')).toEqual({ count: 2 });
    expect(fetchMock.mock.calls[1][1].headers).toEqual({ 'Accept-Language': 'en', 'If-None-Match': '"a1"' });

    forgetAnswers();
    await api.get('/api/transmissions/pending-count').catch(() => undefined);
    expect(fetchMock.mock.calls[2][1].headers).toEqual({ 'Accept-Language': 'en' });
  });

  it('names the newest change it knows of, from a write answer, on the reads after it', async () => {
    forgetAnswers();
    const fetchMock = vi.fn(
      async (_path: string, _init: RequestInit) =>
        new Response('{}', { status: 201, headers: { 'x-change-id': '41' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/api/transmissions', { quantity: 1 });
    fetchMock.mockImplementation(async () => new Response('{}', { status: 200 }));
    await api.get('/api/dashboard');
    expect(fetchMock.mock.calls[1][1].headers).toEqual({ 'Accept-Language': 'en', 'X-Seen-Change': '41' });
  });
});

describe('a write answer names its changes once (decision 072)', () => {
  it("tells the listeners each change's id and tags, and nothing for an answer without changes", async () => {
    const heard: { ids: number[]; tags: string[] }[] = [];
    const stop = onAnsweredChanges((changes) => heard.push(changes));
    const headers = { 'x-change-id': '13', 'x-change-ids': '12,13', 'x-change-tags': 'clients,crates' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 201, headers })),
    );
    await api.post('/api/client-transactions', { clientId: 1, quantityBorrowed: 2 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    await api.post('/api/reports/generate', {});
    // A sign-out's answer refreshes nothing: the session those reads need has ended.
    const signedOut = new Response('{}', { status: 200, headers });
    Object.defineProperty(signedOut, 'url', { value: 'http://localhost/api/auth/logout' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => signedOut),
    );
    await api.post('/api/auth/logout');
    stop();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 201, headers })),
    );
    await api.post('/api/client-transactions', { clientId: 1, quantityBorrowed: 2 });
    expect(heard).toEqual([{ ids: [12, 13], tags: ['clients', 'crates'] }]);
  });
});
