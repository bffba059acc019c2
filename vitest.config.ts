import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests (packages and the web's pure helpers), the server's integration
// suite (run once per database by scripts/test.mjs), and the web's component tests in jsdom
// (*.test.tsx beside each component). e2e/ belongs to Playwright.
export default defineConfig({
  test: {
    // Integration files each start their own app, database and SMTP server; two cores.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-setup/setup.ts'],
          // Typing with user-event is slow on a busy two-core machine; no test waits on time.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // The migrated PGlite every file's database starts from (test/pgliteTemplate.ts).
          globalSetup: ['apps/server/src/test/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
