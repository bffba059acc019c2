import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { POSTGRES_PASS } from './apps/server/src/test/postgresPass.ts';

// The projects (docs/testing.md says what runs where and why):
// - `unit`: pure tests (packages and the web's pure helpers), node;
// - `web`: the web's component tests in jsdom (*.test.tsx beside each component);
// - `*-mocks`: the files of those two that replace a module with `vi.mock`, each in a fresh
//   module graph (a module mock only holds within a file when every file starts anew);
// - `server`: the server's integration suite on PGlite;
// - `server-flood`: the load tests (`*.flood.test.ts`), whose figures (another user's p99) mean
//   something only with nothing else running: one file at a time, in a stage of their own;
// - `server-postgres` (with TEST_DATABASE_URL): the server tests whose proof depends on the
//   database, again on the Postgres server (apps/server/src/test/postgresPass.ts).
// e2e/ belongs to Playwright.

const root = import.meta.dirname;

/** Test files under `dir` ending in `suffix`, relative to the root. */
function testFiles(dir: string, suffix: string): string[] {
  return (readdirSync(path.join(root, dir), { recursive: true }) as string[])
    .filter((file) => file.endsWith(suffix) && !file.includes('node_modules'))
    .map((file) => path.join(dir, file));
}

/** Files that mock a module: they must not share a module graph with other files. */
const mocking = (files: string[]) =>
  files.filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(path.join(root, file), 'utf8')));

const unitFiles = [
  ...readdirSync(path.join(root, 'packages')).flatMap((p) => testFiles(`packages/${p}/src`, '.test.ts')),
  ...testFiles('apps/web/src', '.test.ts'),
];
const unitMocking = mocking(unitFiles);
const webMocking = mocking(testFiles('apps/web/src', '.test.tsx'));

const unit = { environment: 'node' as const, testTimeout: 15_000 };
const web = {
  environment: 'jsdom' as const,
  setupFiles: ['apps/web/src/test-setup/setup.ts'],
  // Typing with user-event is slow on a busy two-core machine; no test waits on time.
  testTimeout: 15_000,
};
// The migrated PGlite every file's database starts from (test/pgliteTemplate.ts), and the
// production bundles the process tests spawn (test/serverBuild.ts: one esbuild run).
const pgliteTemplateSetup = 'apps/server/src/test/globalSetup.ts';
const serverBuildSetup = 'apps/server/src/test/serverBuild.ts';
const server = {
  environment: 'node' as const,
  globalSetup: [pgliteTemplateSetup, serverBuildSetup],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Integration files each start their own app, database and SMTP server; two cores.
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...unit,
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...unitMocking],
          // Files share one module graph per worker instead of importing it again each: about a
          // third of the CPU. They leave no state another reads (a store a test changes is reset
          // by the test that changed it).
          isolate: false,
        },
      },
      { test: { ...unit, name: 'unit-mocks', include: unitMocking } },
      {
        test: {
          ...web,
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, ...webMocking],
          isolate: false,
        },
      },
      { test: { ...web, name: 'web-mocks', include: webMocking } },
      {
        test: {
          ...server,
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            'apps/server/src/**/*.postgres.test.ts',
            'apps/server/src/**/*.flood.test.ts',
          ],
        },
      },
      {
        test: {
          ...server,
          name: 'server-flood',
          include: ['apps/server/src/**/*.flood.test.ts'],
          // On the Postgres server when there is one, as production runs: embedded PGlite does
          // the database's work on the server's own thread, which is not the figure in question.
          env: { TEST_DB_KIND: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
          // They spawn no process: no build.
          globalSetup: [pgliteTemplateSetup],
          fileParallelism: false,
          maxWorkers: 1,
          testTimeout: 120_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...server,
                name: 'server-postgres',
                include: [...POSTGRES_PASS],
                // No PGlite here; the build for the processes the `*.postgres.test.ts` spawn.
                globalSetup: [serverBuildSetup],
                env: { TEST_DB_KIND: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
