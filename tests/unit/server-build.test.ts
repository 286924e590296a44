// The server bundle `npm start` runs (scripts/build-server.mjs, decision 034): rebuilt when a source
// it was made from changed or went missing, and a working server when run: it finds the migrations
// beside its sources and answers.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildServer, ensureServerBuild, root, staleReason } from '../../scripts/build-server.mjs';
import { pgliteStartParams } from '../../src/server/db/client.ts';
import { freePort } from '../support/ports.ts';

// Inside the checkout, so the bundle's imports of packages find node_modules.
const outdir = join(root, '.tmp', `server-build-test-${process.pid}`);
const scratch = mkdtempSync(join(tmpdir(), 'cratekeeper-server-build-'));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(outdir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

type Manifest = { inputs: Record<string, string>; files: string[] };
const manifestFile = join(outdir, 'manifest.json');
const readManifest = (): Manifest => JSON.parse(readFileSync(manifestFile, 'utf8'));
const writeManifest = (manifest: Manifest) => writeFileSync(manifestFile, JSON.stringify(manifest));

describe('the server bundle', () => {
  it('is stale until built, then fresh, and stale again when a source changes or goes missing', async () => {
    expect(staleReason(outdir)).toBe('not built yet');
    await buildServer(outdir);
    expect(staleReason(outdir)).toBeNull();

    const built = readManifest();
    expect(Object.keys(built.inputs)).toEqual(
      expect.arrayContaining(['src/server/index.ts', 'src/server/app.ts', 'src/server/db/client.ts', 'tsconfig.json']),
    );
    expect(Object.keys(built.inputs).some((path) => path.includes('node_modules'))).toBe(false);

    writeManifest({ ...built, inputs: { ...built.inputs, 'src/server/app.ts': '0'.repeat(64) } });
    expect(staleReason(outdir)).toBe('src/server/app.ts changed');
    writeManifest({ ...built, inputs: { ...built.inputs, 'src/server/gone.ts': '0'.repeat(64) } });
    expect(staleReason(outdir)).toBe('src/server/gone.ts is gone');
    writeManifest(built);
    const chunk = built.files.find((file) => file.startsWith('app-'))!;
    unlinkSync(join(outdir, chunk));
    expect(staleReason(outdir)).toBe(`${chunk} is missing`);

    const said: string[] = [];
    const entry = await ensureServerBuild({ outdir, log: (line: string) => said.push(line) });
    expect(said).toEqual([`Building the server (${chunk} is missing)...`]);
    expect(entry).toBe(join(outdir, 'index.mjs'));
    expect(staleReason(outdir)).toBeNull();
    // A fresh bundle is used as it is.
    expect(await ensureServerBuild({ outdir, log: (line: string) => said.push(line) })).toBe(entry);
    expect(said).toHaveLength(1);
  });

  it('starts on a migrated data directory and answers', { timeout: 180_000 }, async () => {
    if (staleReason(outdir) !== null) await buildServer(outdir);
    // The run's migrated database (tests/support/global-setup.ts) as a data directory: the bundle reads
    // the migrations' journal beside its sources to find nothing to do. Without it, a fresh one.
    const dataDir = join(scratch, 'data');
    const snapshot = inject('pgliteSnapshot');
    if (snapshot) {
      mkdirSync(dataDir);
      const pglite = await PGlite.create({
        dataDir: join(dataDir, 'pglite'),
        loadDataDir: new Blob([readFileSync(snapshot)]),
        startParams: pgliteStartParams,
      });
      await pglite.close();
    }
    const port = await freePort();
    const webDir = join(scratch, 'no-client');
    mkdirSync(webDir);
    let output = '';
    const started = new Promise<void>((resolve, reject) => {
      child = spawn(process.execPath, [join(outdir, 'index.mjs')], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          WEB_DIR: webDir,
          DATABASE_URL: '',
          DEMO: '',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const stream of [child.stdout, child.stderr]) {
        stream?.on('data', (chunk) => {
          output += chunk;
          if (output.includes('Cratekeeper is running')) resolve();
        });
      }
      child.once('exit', (code) => reject(new Error(`the bundle exited (${code}):\n${output}`)));
    });
    await started;
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child?.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
