// Migrates one embedded database per run; every spec file's farm starts on a copy of it (own-server.ts).
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase } from '../../../src/server/db/client.ts';
import { TEMPLATE_ENV } from './own-server.ts';

export default async function globalSetup() {
  // pid-suffixed: two runs in one checkout at once each keep their own template.
  const dir = resolve(`.tmp/e2e-template-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  // The workers start after this and inherit the runner's environment.
  process.env[TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
