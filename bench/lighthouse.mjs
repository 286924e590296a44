// npm run bench:lighthouse — Lighthouse mobile performance of the two dashboards a phone opens most:
// the market agent's and the farm store's, on the demo farm (decision 031).
//
// Builds the client (skip with --no-build), starts the app on a free port with the demo farm on a
// fresh PGlite directory, signs in as each demo user, and runs Lighthouse's performance category
// RUNS times (default 3) per dashboard in Debian's Chromium (/usr/bin/chromium, or CHROME_PATH),
// a fresh browser profile per run. Lighthouse's default mobile settings: a Moto G Power sized
// screen and simulated slow 4G with a 4x slower CPU (the CPU time observed on this machine, x4: a
// busy machine scores lower, so each run records the load average and Lighthouse's benchmark index).
// Prints each run and the median of each metric per dashboard, and writes every run to
// bench/results/lighthouse.json. Exits 1 when a dashboard misses a target.
//   RUNS=n          runs per dashboard (default 3)
//   ONLY=agent|farm one dashboard
//   WEB_DIR=dir  serve another build (e.g. one from before a change, to compare side by side)
//   LH_REPORTS=dir  keep each run's full report and trace
//   APP_PORT=n, CHROME_PORT=n  fixed ports for the app and Chromium's DevTools (default: any free one)
// Nothing here downloads a browser: without Chromium it stops and says so.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { cleanups, freePort, HOST, root, runBench, signIn } from './support.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const DEMO_PASSWORD = 'demo1234';
const DASHBOARDS = [
  { name: 'agent dashboard', email: 'agent@demo.cratekeeper', path: '/' },
  { name: 'farm dashboard', email: 'farm@demo.cratekeeper', path: '/' },
];
// What we ask of each dashboard.
const TARGETS = { score: 90, tbtMs: 200, cls: 0.1 };

/** Ends a child we started (its pid only), waiting for it to go. */
function stopper(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
}

/** The app with the demo farm on a fresh PGlite directory, as `npm start` serves it. */
async function startApp() {
  const port = Number(process.env.APP_PORT) || (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'cratekeeper-lighthouse-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/index.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      FARM_ACCESS_CODE: 'LIGHTHOUSE',
      DEMO: '1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      BACKUP_CRON: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cleanups.push(stopper(child));
  const base = `http://${HOST}:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}) before it answered`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return base;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the app did not answer /api/health within 60 s');
}

/** Chromium with its DevTools port open on a fresh profile; resolves to the port. */
async function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'cratekeeper-lighthouse-chromium-'));
  const child = spawn(
    CHROME,
    [
      ...CHROME_FLAGS,
      `--remote-debugging-port=${Number(process.env.CHROME_PORT) || 0}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // Its own process group, so closing it ends its helper processes too.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const stop = stopper(child);
  const close = async () => {
    await stop();
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group has gone already
    }
    // Chromium's helper processes may still be writing to the profile for a moment.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (err) {
      console.error(`could not remove ${profile}: ${err.message}`);
    }
  };
  const port = await new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error('Chromium did not open its DevTools port in 30 s')), 30_000);
    child.stderr.on('data', (chunk) => {
      buffered += chunk;
      const match = buffered.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before opening its DevTools port:\n${buffered.slice(-2000)}`));
    });
  }).catch(async (err) => {
    await close();
    throw err;
  });
  child.stderr.resume();
  return { port, close };
}

/** One Lighthouse mobile performance run (default settings: simulated throttling, mobile screen). */
async function audit(url, cookie, label) {
  const chromium = await launchChromium();
  try {
    const result = await lighthouse(url, {
      port: chromium.port,
      hostname: HOST,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: { Cookie: cookie },
    });
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // LH_REPORTS=dir keeps each run's full report (JSON), to open in the Lighthouse viewer.
    if (process.env.LH_REPORTS) {
      mkdirSync(process.env.LH_REPORTS, { recursive: true });
      writeFileSync(join(process.env.LH_REPORTS, `${label}.json`), result.report);
      writeFileSync(join(process.env.LH_REPORTS, `${label}.trace.json`), JSON.stringify(result.artifacts.Trace));
    }
    const shifts = lhr.audits['layout-shifts']?.details?.items ?? [];
    const longTasks = lhr.audits['long-tasks']?.details?.items ?? [];
    const scripts = lhr.audits['bootup-time']?.details?.items ?? [];
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
      cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      speedIndexMs: Math.round(lhr.audits['speed-index'].numericValue),
      // What to look at when a number is off: what moved, the long tasks, the scripts' CPU time.
      layoutShifts: shifts.map((s) => ({ score: Number((s.score ?? 0).toFixed(3)), node: s.node?.snippet ?? '' })),
      longTasks: longTasks.map((t) => ({
        url: t.url,
        startMs: Math.round(t.startTime),
        durationMs: Math.round(t.duration),
      })),
      scriptsMs: scripts.map((s) => ({
        url: s.url,
        totalMs: Math.round(s.total),
        scriptingMs: Math.round(s.scripting),
      })),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      loadAverage: Number(loadavg()[0].toFixed(2)),
      lighthouseVersion: lhr.lighthouseVersion,
      throttlingMethod: lhr.configSettings.throttlingMethod,
      formFactor: lhr.configSettings.formFactor,
    };
  } finally {
    await chromium.close();
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is tried again. */
async function auditWithRetry(url, cookie, label, tries = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, cookie, label);
    } catch (err) {
      if (attempt >= tries || !/^Lighthouse: /.test(err.message)) throw err;
      console.log(`  (${err.message.split(' ').slice(0, 2).join(' ')}: trying that run again)`);
    }
  }
}

/** The run with the median score (ties broken by TBT), so its metrics belong together. */
export function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.score - b.score || b.tbtMs - a.tbtMs);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main() {
  if (!existsSync(CHROME)) {
    console.error(`Chromium not found at ${CHROME}: apt-get install chromium, or set CHROME_PATH.`);
    return 2;
  }
  if (!process.argv.includes('--no-build')) {
    console.log('Building the client (vite build)...');
    const build = spawnSync(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    if (build.status !== 0) return 1;
  } else if (!existsSync(join(root, 'dist/web/index.html'))) {
    console.error('dist/web/index.html is missing: run npx vite build, or drop --no-build.');
    return 2;
  }
  const base = await startApp();
  console.log(`App with the demo farm at ${base}; Lighthouse mobile performance, ${RUNS} runs per dashboard\n`);
  const results = [];
  // ONLY=farm (or agent) measures one dashboard, for a quicker look.
  for (const dashboard of DASHBOARDS.filter((d) => !process.env.ONLY || d.name.startsWith(process.env.ONLY))) {
    const cookie = await signIn(base, dashboard.email, DEMO_PASSWORD);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await auditWithRetry(
        `${base}${dashboard.path}`,
        cookie,
        `${dashboard.name.replace(' ', '-')}-${i + 1}`,
      );
      runs.push(run);
      console.log(
        `  ${dashboard.name} run ${i + 1}: score ${run.score}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}`,
      );
    }
    const mid = medianRun(runs);
    const summary = {
      dashboard: dashboard.name,
      user: dashboard.email,
      medianRun: runs.indexOf(mid) + 1,
      score: mid.score,
      lcpMs: mid.lcpMs,
      tbtMs: mid.tbtMs,
      cls: mid.cls,
      medians: {
        score: median(runs.map((r) => r.score)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
      },
      runs,
    };
    results.push(summary);
  }

  console.log('\nMedian of each metric over the runs (targets: score ≥ 90, TBT < 200 ms, CLS < 0.1):');
  console.log('dashboard          score   LCP ms   TBT ms    CLS');
  let missed = 0;
  for (const r of results) {
    const m = r.medians;
    const ok = m.score >= TARGETS.score && m.tbtMs < TARGETS.tbtMs && m.cls < TARGETS.cls;
    if (!ok) missed++;
    console.log(
      `${r.dashboard.padEnd(18)} ${String(m.score).padStart(5)} ${String(m.lcpMs).padStart(8)} ${String(m.tbtMs).padStart(8)} ${m.cls.toFixed(3).padStart(6)}  ${ok ? 'ok' : 'MISSED'}`,
    );
  }
  const out = join(root, 'bench/results/lighthouse.json');
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify(
      {
        when: new Date().toISOString(),
        command: 'npm run bench:lighthouse',
        machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
        chromium: spawnSync(CHROME, ['--version'], { encoding: 'utf8' }).stdout.trim(),
        settings: 'Lighthouse default mobile: simulated throttling (slow 4G, 4x CPU slowdown), Moto G Power screen',
        database: 'PGlite, demo farm (DEMO=1)',
        targets: TARGETS,
        results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nWritten to ${out}`);
  return missed ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) await runBench(main);
