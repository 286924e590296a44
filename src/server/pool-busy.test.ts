// A full pool is a busy server, not a database gone (decision 060, amended): when every pooled
// connection stays in use while a request waits for one, the request answers 503 saying the server is
// busy, the instance does not log an outage or count the database unreachable, and once a connection
// is free the same request is served. PostgreSQL only: PGlite has one connection and no pool, so there
// the test is reported as skipped, never as passed.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig } from '../../tests/support/test-app.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, databaseFault, SERVER_BUSY_MESSAGE } from './db/faults.ts';

describe("the driver's words, sorted", () => {
  it('a wait for a free connection is busy; a connection that cannot be made is unavailable', () => {
    expect(databaseFault(new Error('timeout exceeded when trying to connect'))).toBe('busy');
    const wrapped = new Error('Failed query: select 1', {
      cause: new Error('timeout exceeded when trying to connect'),
    });
    expect(databaseFault(wrapped)).toBe('busy');
    expect(databaseFault(new Error('Connection terminated due to connection timeout'))).toBe('unavailable');
    expect(databaseFault(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      'unavailable',
    );
    expect(databaseFault(new Error('duplicate key'))).toBeNull();
  });
});

const onPostgres = process.env.TEST_DB === 'postgres';
// The describe's body runs when tests are collected, even when skipped: only on PostgreSQL is it declared.
const withPool = onPostgres ? describe : describe.skip;
withPool('an instance whose one pooled connection is held', async () => {
  if (!onPostgres) return;
  const main = await buildTestApp();
  const database = await openDatabase({ url: main.database.url!, poolSize: 1 }, { migrate: false });
  const app = await buildApp({ config: testConfig(), database });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  const signIn = () =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'not-the-password' },
    });

  it('answers 503 "busy" while it waits too long, logs no outage, and serves the request once free', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inTransaction = () => {};
    const started = new Promise<void>((resolve) => {
      inTransaction = resolve;
    });
    const holder = app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      inTransaction();
      await held;
    });
    await started;

    const busy = await signIn();
    expect(busy.statusCode).toBe(503);
    expect(busy.json().message).toBe(SERVER_BUSY_MESSAGE);
    expect(busy.json().message).not.toBe(DATABASE_UNAVAILABLE_MESSAGE);
    expect(busy.headers['retry-after']).toBe('2');
    expect(app.databaseFaults.reachable).toBe(true);

    release();
    await holder;
    const served = await signIn();
    expect(served.statusCode).toBe(401);
  }, 30_000);
});
