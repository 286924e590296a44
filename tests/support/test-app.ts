// buildTestApp(): the real app on a fresh clone of the migrated database, for app.inject tests.

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, afterEach, inject } from 'vitest';
import { type App, type BuildOptions, buildApp } from '../../src/server/app.ts';
import { type Config, loadConfig } from '../../src/server/config.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { settings } from '../../src/server/db/schema/index.ts';
import { FARM_ACCESS_CODE_KEY } from '../../src/server/features/auth/farm-access-code.ts';
import { checkLedgerInvariant } from '../../src/server/features/invariant/service.ts';
import { contractHook } from './contract.ts';

export const TEST_FARM_CODE = 'TEST-FARM-CODE';

export async function openTestDatabase(): Promise<Database> {
  const template = inject('postgresTemplate');
  if (template) {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `cratekeeper_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ url: dbUrl.toString(), poolSize: 10 }, { migrate: false });
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  return openDatabase({ memory: true, loadDataDir: new Blob([snapshot]) }, { migrate: false });
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent' }),
    farmAccessCode: TEST_FARM_CODE,
    ...overrides,
  };
}

/**
 * A fresh app and database for this test file, closed after its tests. Before closing, the ledger's
 * invariant (DESIGN §4) must hold: whatever a test file did through the API, the crates still add up.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: { logStream?: BuildOptions['logStream'] } = {},
): Promise<App> {
  const database = await openTestDatabase();
  // Every answer is held against the OpenAPI document (decision 048): the test that got a broken one fails.
  const brokenAnswers: string[] = [];
  const failOnBrokenAnswers = () => {
    if (brokenAnswers.length === 0) return;
    const list = [...new Set(brokenAnswers.splice(0))];
    throw new Error(`Answers that break the OpenAPI document (plugins/docs.ts):\n${list.join('\n')}`);
  };
  afterEach(failOnBrokenAnswers);
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    logStream: options.logStream,
    // The document is the same whichever database answers: checked on the PGlite pass, which runs
    // every API test (the PostgreSQL pass repeats the server's tests for the database's behaviour).
    onAnswer: process.env.TEST_DB === 'postgres' ? undefined : contractHook(brokenAnswers),
    // A job waking on its schedule mid-test (the outbox retry every minute, housekeeping every hour)
    // writes in a transaction of its own: the audit walk took it for an unaudited change. Tests run jobs
    // with app.jobs.runNow.
    schedules: false,
  });
  // As if generated at first start: with `farmAccessCode: undefined` the farm store may replace it
  // (decision 043), and registration still takes TEST_FARM_CODE until it does.
  await app.db
    .insert(settings)
    .values({ key: FARM_ACCESS_CODE_KEY, value: TEST_FARM_CODE })
    .onConflictDoUpdate({ target: settings.key, set: { value: TEST_FARM_CODE } });
  afterAll(async () => {
    try {
      const report = await checkLedgerInvariant(app.db);
      if (!report.ok) throw new Error(`The crate ledger no longer adds up:\n${report.problems.join('\n')}`);
      failOnBrokenAnswers();
    } finally {
      await app.close();
      await database.close();
    }
  });
  return app;
}
