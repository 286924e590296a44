// npm start: build the client if it is missing or older than its sources, and the server bundle if
// its sources changed (scripts/build-server.mjs, decision 034), then serve everything.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import module from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuild } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'dist/web/index.html');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const sources = ['src/web', 'src/shared', 'index.html', 'vite.config.ts', 'public'].map((p) => join(root, p));
const built = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (built === 0 || sources.some((p) => existsSync(p) && newestMtime(p) > built)) {
  console.log('Building the client (first start or sources changed)...');
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

// Node 22.1+ keeps V8's compiled code of every module between starts; Node 20 has no such cache.
module.enableCompileCache?.();
let server = null;
try {
  server = await ensureServerBuild();
} catch (err) {
  console.warn(
    `Could not bundle the server, so it runs from its sources through tsx (slower to start):\n${err.message}`,
  );
}
if (server) {
  await import(pathToFileURL(server).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/server/index.ts');
}
