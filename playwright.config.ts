// End-to-end tests in Debian's Chromium (CHROME_PATH or /usr/bin/chromium) against the real app on a
// fresh embedded database.
import { defineConfig, devices } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 5055);
export const E2E_FARM_CODE = 'E2E-FARM-CODE';

const chrome = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'tests/e2e',
  // Journeys with two browsers and axe take over a minute on two busy cores (the suite has 80 tests):
  // the timeout is a safety stop for a hung test, the expectations keep their own 10 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: process.env.PW_JSON_OUTPUT ? [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT }]] : 'list',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
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
        // Chromium refuses some ports (5060/5061 are SIP); the test port is always allowed.
        `--explicitly-allowed-ports=${E2E_PORT}`,
      ],
    },
  },
  projects: [
    { name: 'chromium', use: chrome, testIgnore: /live-updates\.spec\.ts/ },
    // The live-update timings (under 1 s from a commit to the other browser's screen) run after the
    // rest, alone on the machine, so they measure the app rather than a second worker's load.
    { name: 'live-updates', use: chrome, testMatch: /live-updates\.spec\.ts/, dependencies: ['chromium'] },
  ],
  webServer: {
    command: `rm -rf .tmp/e2e-data-${E2E_PORT} && node --import tsx src/server/index.ts`,
    url: `http://localhost:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `.tmp/e2e-data-${E2E_PORT}`,
      ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
      FARM_ACCESS_CODE: E2E_FARM_CODE,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  },
});
