import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './serverProcess.ts';

/** The production bundles the process tests spawn (`scripts/buildServer.mjs` writes them). */
export const BUILT = {
  main: path.join(REPO_ROOT, 'apps/server/dist/main.js'),
  cli: path.join(REPO_ROOT, 'apps/server/dist/cli.js'),
  meta: path.join(REPO_ROOT, 'apps/server/dist/meta.json'),
};

/**
 * vitest globalSetup of the projects whose tests spawn the server or the CLI: one esbuild run
 * (~2 s) before any file, so every spawned process starts from the bundles as production does,
 * instead of each compiling the source through tsx at start (and again in each worker thread).
 * Before any test file runs, so no file sees a half-written `dist/`.
 */
export default function buildServer(): void {
  const build = spawnSync(process.execPath, ['scripts/buildServer.mjs'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the server build failed:\n${build.stdout}\n${build.stderr}`);
}
