// Serving the built client: a page path gets index.html, a missing file is a 404.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../tests/support/test-app.ts';

const dir = mkdtempSync(join(tmpdir(), 'cratekeeper-client-'));
mkdirSync(join(dir, 'assets'));
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Cratekeeper</title>');
writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
const app = await buildTestApp({ webDir: dir });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the built client', () => {
  it('answers a page path with index.html', async () => {
    const res = await app.inject({ method: 'GET', url: '/transmissions' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['permissions-policy']).toMatch(/geolocation=\(\)/);
  });

  it('serves an asset that exists', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
  });

  it('answers a missing asset or file with 404, not the HTML page', async () => {
    for (const url of ['/assets/missing.js', '/assets/gone/chunk.css', '/favicon-missing.png']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });
});
