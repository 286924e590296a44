// Migrates one embedded database per run; every spec file's farm starts on a copy of it (own-server.ts).
// The farms run the server bundle `npm start` runs (decision 034), built here when its sources changed:
// it starts in about half the time of the sources through tsx, once per spec file and worker.
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensureServerBuild } from '../../../scripts/build-server.mjs';
import { openDatabase } from '../../../src/server/db/client.ts';
import { SERVER_BUNDLE_ENV, TEMPLATE_ENV } from './own-server.ts';

export default async function globalSetup() {
  // pid-suffixed: two runs in one checkout at once each keep their own template.
  const dir = resolve(`.tmp/e2e-template-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  // Its own folder: a `npm start` in this checkout rebuilding dist/server can't pull it from under a run.
  const bundle = await ensureServerBuild({ outdir: resolve('.tmp/e2e-server'), log: console.log });
  // The workers start after this and inherit the runner's environment.
  process.env[TEMPLATE_ENV] = dir;
  process.env[SERVER_BUNDLE_ENV] = bundle;
  return () => rmSync(dir, { recursive: true, force: true });
}
