// Unit tests (src/web, src/shared, tests/unit) and API tests (src/server/**/*.test.ts, app.inject
// against a fresh database per file). API tests run on PGlite, or on PostgreSQL with TEST_DB=postgres.
//
// Two projects: the server's files share their workers' loaded modules (isolate: false) — importing
// the app once per worker instead of once per file took 90 of the 220 s on two cores — since each
// file builds its own app on its own database and nothing in src/server keeps state between apps.
// The client's and the unit tests stub globals, timers and modules, so each of their files starts
// with a fresh module registry.
import { defineConfig } from 'vitest/config';

const shared = {
  globalSetup: ['tests/support/global-setup.ts'],
  setupFiles: ['tests/support/fail-on-console.ts', 'tests/support/cheap-passwords.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { test: { ...shared, name: 'server', include: ['src/server/**/*.test.ts'], isolate: false } },
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['src/web/**/*.test.ts', 'src/shared/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          isolate: true,
        },
      },
    ],
  },
});
