// Unit tests (src/**/*.unit.test.ts) and API tests (src/server/**/*.test.ts, app.inject against a
// fresh database per file). API tests run on PGlite, or on PostgreSQL with TEST_DB=postgres.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/fail-on-console.ts', 'tests/support/cheap-passwords.ts'],
    include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
