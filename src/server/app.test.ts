// Hardening that every request shares: errors as JSON, body limits, JSON-only bodies, headers, docs.
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../tests/support/test-app.ts';

const app = await buildTestApp();

/** A raw login body under the given content type: what answers is the body parser, not the route. */
const postRawLogin = (contentType: string, payload: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': contentType }, payload });

// Helmet's headers and ours (plugins/security.ts), set once per request before anything can refuse it.
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'x-content-type-options',
  'x-frame-options',
  'permissions-policy',
];

describe('the HTTP layer', () => {
  it('reports health with the database kind', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: app.database.kind });
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('refuses malformed JSON with 400 and no stack trace', async () => {
    const res = await postRawLogin('application/json', '{"email": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Request body is not valid JSON');
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('accepts only JSON bodies on mutations', async () => {
    const res = await postRawLogin('text/plain', 'email=a&password=b');
    expect(res.statusCode).toBe(415);
    const form = await postRawLogin('application/x-www-form-urlencoded', 'email=a&password=b');
    expect(form.statusCode).toBe(415);
    expect(form.json().message).toMatch(/JSON/);
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.c', password: 'x'.repeat(200 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Request body is too large');
  });

  it('sends security headers with a CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    // WebAssembly for the QR reader (decision 073), never eval of scripts.
    expect(res.headers['content-security-policy']).not.toContain("'unsafe-eval'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('sends the same security headers on refusals, errors and the client', async () => {
    const ok = await app.inject({ method: 'GET', url: '/api/health' });
    const expected = Object.fromEntries(SECURITY_HEADERS.map((name) => [name, ok.headers[name]]));
    expect(Object.values(expected).every((value) => typeof value === 'string' && value !== '')).toBe(true);
    for (const url of ['/api/transmissions', '/api/no-such-route', '/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(Object.fromEntries(SECURITY_HEADERS.map((name) => [name, res.headers[name]])), url).toEqual(expected);
    }
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.headers['content-security-policy']).toBe(expected['content-security-policy']);
  });

  it('serves the OpenAPI description with the routes in it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/register']));
    expect(doc.paths['/api/auth/register'].post.requestBody).toBeDefined();
  });

  it('reports the signed-out session as user null with 200', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });
});
