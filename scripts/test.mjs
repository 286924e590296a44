// npm test: everything, in order — typecheck (beside the PGlite tests), lint, unit + API tests on PGlite, API tests on
// PostgreSQL (when TEST_DATABASE_URL is set), the client build, and end-to-end tests in Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const totals = { passed: 0, failed: 0 };

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `--- ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  return result.status === 0;
}

/**
 * Starts a step whose output is held back until it ends (it runs beside another step, whose output
 * would otherwise interleave with it); `finish()` prints it and resolves to whether it passed.
 */
function runBeside(title, command, args) {
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  return async function finish() {
    const code = await exited;
    console.log(`\n=== ${title} (ran beside the tests) ===\n${output.trimEnd()}`);
    console.log(`--- ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
    return code === 0;
  };
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
}

function findChromium() {
  if (process.env.CHROME_PATH) return existsSync(process.env.CHROME_PATH) ? process.env.CHROME_PATH : null;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package...");
    const ok =
      run('apt-get update', 'apt-get', ['update', '-qq']) &&
      run('apt-get install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium'], {
        DEBIAN_FRONTEND: 'noninteractive',
      });
    if (ok && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  return null;
}

/**
 * The PDF tests render pages with poppler's pdftoppm to read their QR codes back (decision 073): installed
 * from Debian's poppler-utils when missing and it runs as root with apt, as Chromium is.
 */
function ensurePdftoppm() {
  if (spawnSync('sh', ['-c', 'command -v pdftoppm'], { stdio: 'ignore' }).status === 0) return;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (process.getuid?.() !== 0 || !hasApt) {
    console.log('pdftoppm is missing: install poppler-utils, or the PDF tests fail.');
    return;
  }
  console.log("pdftoppm is missing: installing Debian's poppler-utils package...");
  run('apt-get update', 'apt-get', ['update', '-qq']);
  run('apt-get install poppler-utils', 'apt-get', ['install', '-y', '-qq', 'poppler-utils'], {
    DEBIAN_FRONTEND: 'noninteractive',
  });
}
ensurePdftoppm();

const failed = [];
const step = (title, ok) => {
  if (!ok) failed.push(title);
};

// The typecheck is one process on one core: it runs beside the PGlite tests instead of before them.
const typecheck = runBeside('typecheck', bin('tsc'), ['--noEmit', '-p', '.']);
step('lint', run('lint', bin('biome'), ['check', '.']));

const vitestPglite = join(tmp, 'vitest-pglite.json');
rmSync(vitestPglite, { force: true });
step(
  'unit + API tests (PGlite)',
  run('unit + API tests (PGlite)', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestPglite}`,
  ]),
);
countVitest(vitestPglite);
step('typecheck', await typecheck());

// PostgreSQL: TEST_DATABASE_URL, or the local server when one answers. Under CI a run without
// PostgreSQL fails instead of quietly testing PGlite only.
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
if (!process.env.TEST_DATABASE_URL && (await reachable(LOCAL_POSTGRES))) {
  process.env.TEST_DATABASE_URL = LOCAL_POSTGRES;
  console.log(`\n(PostgreSQL answers at ${LOCAL_POSTGRES}: the API tests run on it too)`);
}
// The server's test files whose answer cannot depend on the database: checked once, on PGlite.
const DB_INDEPENDENT = [
  'src/server/function-size.test.ts',
  'src/server/import-rules.test.ts',
  'src/server/engines.test.ts',
  'src/server/openapi.test.ts',
  'src/server/plugins/docs.test.ts',
  'src/server/lib/html.test.ts',
  'src/server/lib/read-cache.test.ts',
  'src/server/features/*/rules.test.ts',
  'src/server/features/clients/config.test.ts',
  'src/server/features/backups/cli.test.ts',
  'src/server/features/imports/archive-limits.test.ts',
];
// Walks of the whole route table whose subject is the app's own code, the same on both databases (PGlite
// is PostgreSQL compiled to WebAssembly): the audit row in each write's transaction, the bearer-token
// guard. Run once, in the PGlite pass (decision 058).
const ONCE = [
  'src/server/features/audit/audit-coverage.test.ts',
  'src/server/features/api-tokens/bearer-matrix.test.ts',
];
// The server's test files that bring a database of their own (a PostgreSQL cluster they kill, an
// embedded database on a disk they fill; decision 060): run once, in the PGlite pass.
const OWN_DATABASE = ['src/server/database-outage.test.ts', 'src/server/disk-full.test.ts'];
const inCi = !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';

if (process.env.TEST_DATABASE_URL && !(await reachable(process.env.TEST_DATABASE_URL))) {
  console.error(`\nTEST_DATABASE_URL is set but PostgreSQL does not answer there.`);
  failed.push('API tests (PostgreSQL): not reachable');
} else if (process.env.TEST_DATABASE_URL) {
  const vitestPg = join(tmp, 'vitest-postgres.json');
  rmSync(vitestPg, { force: true });
  step(
    'API tests (PostgreSQL)',
    run(
      'API tests (PostgreSQL)',
      bin('vitest'),
      [
        'run',
        'src/server',
        // Files that never open a database (rules, the layout checks, the API document) ran on PGlite.
        ...[...DB_INDEPENDENT, ...ONCE, ...OWN_DATABASE].flatMap((file) => ['--exclude', file]),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${vitestPg}`,
      ],
      { TEST_DB: 'postgres' },
    ),
  );
  countVitest(vitestPg);
} else if (inCi) {
  console.error('\nCI=true but no PostgreSQL answers (set TEST_DATABASE_URL): the PostgreSQL API tests cannot run.');
  failed.push('API tests (PostgreSQL): no PostgreSQL under CI');
} else {
  console.log('\n(No PostgreSQL answered and TEST_DATABASE_URL is not set: API tests ran on PGlite only)');
}

step(
  'client build',
  run('client build', process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']),
);
// First-paint JS of the landing page (< 200 KB gzip) and of each signed-in dashboard (< 350 KB, decision 031), read
// from the build's manifest (decision 031).
step(
  'bundle budget',
  run('bundle budget', process.execPath, ['--import', 'tsx', join(root, 'scripts/bundle-budget.ts'), 'dist/web']),
);

const chromium = findChromium();
if (!chromium) {
  console.error(
    "\nEnd-to-end tests need Chromium. Install Debian's package (apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome binary.",
  );
  failed.push('end-to-end tests (no Chromium)');
} else {
  const pwJson = join(tmp, 'playwright.json');
  rmSync(pwJson, { force: true });
  step(
    'end-to-end tests (Chromium)',
    run('end-to-end tests (Chromium)', bin('playwright'), ['test'], { CHROME_PATH: chromium, PW_JSON_OUTPUT: pwJson }),
  );
  countPlaywright(pwJson);
}

console.log(failed.length ? `\nFailed steps: ${failed.join(', ')}` : '\nAll steps passed.');
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failed.length || totals.failed ? 1 : 0);
