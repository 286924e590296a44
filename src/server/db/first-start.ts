// The embedded database's first start in a directory (decision 079): PGlite's initdb grows the
// WebAssembly memory to ~800 MB, and a process never gives that back — the app sat at ~400 MB
// resident ever after, against ~250 MB when it opened a directory made before. So a new directory is
// made by a short-lived child process; the app opens it as on any later start.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Makes the embedded database in `dir` unless one is there already (its PG_VERSION file). */
export async function createEmbeddedDirectory(dir: string, startParams: string[]): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  // The package as this module finds it (its CommonJS build: the same database, loaded the same way).
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const code = [
    `const { PGlite } = await import(${JSON.stringify(pglite)});`,
    `const db = await PGlite.create({ dataDir: ${JSON.stringify(dir)}, startParams: ${JSON.stringify(startParams)} });`,
    'await db.close();',
  ].join('\n');
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (exitCode !== 0) throw new Error(`The embedded database could not be created in ${dir}:\n${stderr.trim()}`);
}
