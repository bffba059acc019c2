#!/usr/bin/env node
// `npm test`: every check and every test. Lint and types first (cheap), then the unit, web
// component and server suites on embedded PGlite, the database tests again on the Postgres
// server when TEST_DATABASE_URL is set, then the production build (web and server) driven by
// Playwright in Chromium. Each stage's minutes are printed before the closing tally; docs/testing.md keeps
// the budget of each (the whole run: 30 minutes on a two-core machine).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { checkPrerequisites } from './prerequisites.mjs';

const root = path.resolve(import.meta.dirname, '..');

// Before anything: what the stages need from the machine (README "Tests").
const missing = await checkPrerequisites(process.env);
if (missing.length > 0) {
  console.error(`npm test cannot run yet:\n${missing.map((line) => `  - ${line}`).join('\n')}`);
  process.exit(1);
}
const reports = path.join(root, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const stages = [];
const started = Date.now();

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const begin = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  stages.push({ label, ms: Date.now() - begin, ok: result.status === 0 });
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

const minutes = (ms) => `${(ms / 60_000).toFixed(1).padStart(5)} min`;

function countVitest(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    totals.failed += 1;
  }
}

function countPlaywright(file) {
  try {
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  } catch {
    totals.failed += 1;
  }
}

const npx = (args, env) => ['npx', args, env];
const vitest = (label, projects, file, env = {}) => {
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${file}`);
  run(label, ...npx(args, env));
  countVitest(file);
};

run('lint (biome)', 'npx', ['biome', 'check', '.']);
run('types (tsc)', 'npm', ['run', 'typecheck', '--silent']);
vitest(
  'unit, web and server tests on PGlite',
  ['unit', 'unit-mocks', 'web', 'web-mocks', 'server'],
  path.join(reports, 'pglite.json'),
  { TEST_DB_KIND: 'pglite' },
);
// The load tests measure another user's latency under a flood: alone on the machine, or the
// figure is the other stages' noise.
vitest('load tests, alone', ['server-flood'], path.join(reports, 'flood.json'));
if (process.env.TEST_DATABASE_URL) {
  vitest('database tests on the Postgres server', ['server-postgres'], path.join(reports, 'postgres.json'));
} else {
  console.log('\n(TEST_DATABASE_URL not set: the Postgres-server pass is left out)');
}
// The web app and the server bundles: Playwright drives the production build of both.
if (run('production build (web + server)', 'npm', ['run', 'build'])) {
  const e2eReport = path.join(reports, 'e2e.json');
  run(
    'end-to-end in Chromium (Playwright)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    },
  );
  countPlaywright(e2eReport);
}

console.log('\nStage times:');
for (const { label, ms, ok } of stages) console.log(`${minutes(ms)}  ${ok ? '  ' : '✗ '}${label}`);
console.log(`${minutes(Date.now() - started)}  in all`);
console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
