// Item 3, decision 048: the OpenAPI document served at GET /api/docs passes Redocly's
// recommended rules with no error, and says for every operation what an integrator needs: a summary,
// a unique operation id, its security, its error answers with the one error shape, and the true media
// type of what it sends. (That every answer the API tests get keeps the document is checked by
// tests/support/contract.ts on every test.)
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../tests/support/test-app.ts';

const app = await buildTestApp();
const res = await app.inject({ method: 'GET', url: '/api/docs' });
type Operation = {
  summary?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
};
const doc = res.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, ...op })),
);
const operation = (method: string, path: string): Operation => {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return op;
};

describe('the OpenAPI document', () => {
  it('passes the Redocly linter with its recommended rules: no error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: res.body, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(errors).toEqual([]);
  });

  it('is OpenAPI 3.1 and gives every operation a summary, a unique id and its security', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(operations.length).toBe(app.routeAccess.filter((r) => r.url !== '/api/docs').length);
    expect(operations.filter((op) => !op.summary?.trim()).map((op) => op.where)).toEqual([]);
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    const publicOnes = new Set(
      app.routeAccess.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url.replace(/\/$/, '')}`),
    );
    // Session-only routes (decision 063: the password, tokens, webhooks, the event stream) take no API token.
    const sessionOnes = new Set(
      app.routeAccess.filter((r) => r.sessionOnly).map((r) => `${r.method} ${r.url.replace(/\/$/, '')}`),
    );
    for (const op of operations) {
      const where = op.where.replace(/\{(\w+)\}/g, ':$1');
      const expected = publicOnes.has(where)
        ? []
        : sessionOnes.has(where)
          ? [{ session: [] }]
          : [{ session: [] }, { bearer: [] }];
      expect(op.security, op.where).toEqual(expected);
    }
    expect(sessionOnes.size).toBeGreaterThanOrEqual(9);
  });

  it('declares the error answers each operation can give, with the one error shape', () => {
    const guarded = operation('put', '/api/transmissions/{id}/acknowledge');
    expect(Object.keys(guarded.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409', '413', '415', '422', '500', '503', '507']),
    );
    // The database unreachable (503) or the embedded database's disk full (507, writes only; decision 060).
    expect(guarded.responses['507']).toEqual({ $ref: '#/components/responses/InsufficientStorage' });
    expect(Object.keys(operation('get', '/api/clients').responses)).not.toContain('507');
    expect(guarded.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    // A public read with no input answers no 4xx at all; a rate-limited public one says 429.
    expect(Object.keys(operation('get', '/api/health').responses)).toEqual(['200', '500', '503']);
    expect(Object.keys(operation('get', '/api/pepper-pricing/export').responses)).toContain('429');
    // Answered from the read cache: 304 to a matching If-None-Match.
    expect(Object.keys(operation('get', '/api/transmissions/pending-count').responses)).toContain('304');
  });

  it('gives the true media type of CSV, PDF, HTML and event-stream answers', () => {
    const types = (method: string, path: string) =>
      Object.keys(operation(method, path).responses['200']?.content ?? {});
    expect(types('get', '/api/billing/cycles/{cycleId}/payout.csv')).toEqual(['text/csv']);
    expect(types('get', '/api/audit.csv')).toEqual(['text/csv']);
    expect(types('get', '/api/pepper-pricing/export')).toEqual(['text/html']);
    expect(types('post', '/api/reports/generate')).toEqual(['application/pdf', 'text/html']);
    expect(types('get', '/api/events')).toEqual(['text/event-stream']);
    expect(types('get', '/api/clients')).toEqual(['application/json']);
  });
});
