// Builds the migrated test database once per run; each test file then clones it (cheap and clean).
// PGlite: a data-directory snapshot file. PostgreSQL (TEST_DB=postgres): a template database.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

// One template per run (pid-suffixed), so two checkouts can test on one PostgreSQL at once.
export const TEMPLATE_DB = `cratekeeper_test_template_${process.pid}`;

export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DB}`;
    const database = await openDatabase({ url: templateUrl.toString(), poolSize: 1 });
    await database.close();
    project.provide('postgresTemplate', TEMPLATE_DB);
    project.provide('pgliteSnapshot', '');
    return async () => {
      await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(join(tmpdir(), 'cratekeeper-test-'));
  const database = await openDatabase({ memory: true });
  const snapshot = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
