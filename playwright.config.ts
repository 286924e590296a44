// End-to-end tests in Debian's Chromium (CHROME_PATH or /usr/bin/chromium) against the real app. Each
// spec file gets a farm of its own (tests/e2e/support/test.ts): its own app on a free port, on a copy
// of the embedded database that global-setup.ts migrates once per run.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

export const E2E_FARM_CODE = 'E2E-FARM-CODE';

const chrome = { ...devices['Desktop Chrome'], channel: undefined };

/**
 * Chromium's fake camera plays this video (scan-stacks.spec.ts writes it before its camera opens). Every
 * browser gets the flags: a spec with launch options of its own would need a worker of its own, which
 * ran alone after the rest. Set once by the runner; its workers inherit it.
 */
process.env.E2E_FAKE_CAMERA ??= join(tmpdir(), `ck-camera-${process.pid}`, 'labels.y4m');

export default defineConfig({
  testDir: 'tests/e2e',
  // Journeys with two browsers and axe take over a minute on two busy cores (the suite has 80 tests):
  // the timeout is a safety stop for a hung test; expectations have their own bound below.
  timeout: 120_000,
  // A bound on waiting for a condition, not a retry: CI's machine has run the suite 2.5 times slower than a quiet one.
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: process.env.PW_JSON_OUTPUT ? [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT }]] : 'list',
  globalSetup: './tests/e2e/support/global-setup.ts',
  use: {
    // baseURL is each spec file's own farm (support/test.ts).
    // A trace records a DOM snapshot at every action, a quarter of the suite's CPU: on by default for a
    // failure to be read locally, off under CI, where a failure prints the page and the farm's log
    // instead (support/test.ts) and nobody can open a trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The app respects a phone's reduce-motion setting (providers.tsx): no transition frames to draw or
    // wait for on CI's two cores.
    reducedMotion: 'reduce',
    // The app's service worker (decision 036) would answer requests that page.route() never sees;
    // offline.spec.ts allows it for the journeys that need it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${process.env.E2E_FAKE_CAMERA}`,
      ],
    },
  },
  projects: [
    { name: 'chromium', use: chrome, testIgnore: /live-updates\.spec\.ts/ },
    // The live-update timings (under 1 s from a commit to the other browser's screen) run after the
    // rest, alone on the machine, so they measure the app rather than a second worker's load.
    { name: 'live-updates', use: chrome, testMatch: /live-updates\.spec\.ts/, dependencies: ['chromium'] },
  ],
});
