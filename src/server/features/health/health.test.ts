// GET /api/health (liveness) and GET /api/ready (readiness): ready only with every migration
// applied, the database answering, on PostgreSQL the change-event listener connected, and not while
// shutting down.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_PASSWORD_COST } from '../../../../tests/support/cheap-passwords.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { PASSWORD_COST, setPasswordCostForTests } from '../../lib/passwords.ts';

describe('GET /api/ready', async () => {
  const app = await buildTestApp();
  const ready = () => app.inject({ method: 'GET', url: '/api/ready' });

  it('is 200 with every check passed once the app has started', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true, events: true, disk: true, shuttingDown: false },
    });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok', database: app.database.kind });
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'is 503 while the change-event listener is disconnected (PostgreSQL)',
    async () => {
      app.readCache.setListening(false);
      try {
        const res = await ready();
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ status: 'not-ready', checks: { events: false, database: true } });
      } finally {
        app.readCache.setListening(true);
      }
      expect((await ready()).statusCode).toBe(200);
    },
  );

  it('is 503 on a database whose last migration is missing, until it is applied', async () => {
    const table = sql.raw('drizzle.__drizzle_migrations');
    const [last] = (
      await app.db.execute<{ id: number; hash: string; created_at: string }>(
        sql`select id, hash, created_at from ${table} order by created_at desc limit 1`,
      )
    ).rows;
    // A fresh app on a database one migration behind (the readiness check remembers a pass, so a new app).
    const behind = await buildTestApp();
    await behind.db.execute(sql`delete from ${table} where created_at = ${last.created_at}`);
    const res = await behind.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks).toMatchObject({ database: true, migrations: false });
    await behind.db.execute(
      sql`insert into ${table} (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
    );
    expect((await behind.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe('while shutting down', async () => {
  const app = await buildTestApp();
  beforeAll(() => setPasswordCostForTests(PASSWORD_COST));
  afterAll(() => setPasswordCostForTests(TEST_PASSWORD_COST));

  it('readiness says 503 once the instance begins to stop (SIGTERM), before it closes', async () => {
    app.lifecycle.shuttingDown = true;
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not-ready', checks: { shuttingDown: true, database: true } });
    } finally {
      app.lifecycle.shuttingDown = false;
    }
  });

  it('a request in flight when close() begins is answered in full; new connections are refused', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}`;
    let closing: Promise<void> | null = null;
    // Fastify's own listener has routed the request by now; the close begins while its handler runs
    // (a sign-in at the real password cost takes tens of milliseconds).
    app.server.once('request', () => {
      closing = app.close();
    });
    const signIn = fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-a-password' }),
    });
    await vi.waitFor(() => expect(closing).not.toBeNull());
    expect(app.lifecycle.shuttingDown).toBe(true);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();

    const answer = await signIn;
    expect(answer.status).toBe(401);
    expect((await answer.json()).message).toBe('Invalid credentials');
    await closing;
  });
});
