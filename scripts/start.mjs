#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then
// runs the server on embedded defaults (PGlite in ./data, dev outbox, simulated market).
// Arguments pass through to the server: `npm start -- --role=engine` runs the market engine
// alone, which serves no pages, so it skips the web build.
// The server is a child process: SIGINT and SIGTERM are passed on to it, and the package.json
// script `exec`s this file, so a signal to `npm start`'s PID reaches it (sh would swallow it).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/core/src'];

function newest(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce(
    (max, name) => Math.max(max, newest(path.join(target, name))),
    stat.mtimeMs,
  );
}

const args = process.argv.slice(2);
const roleArg = args
  .map((arg, i) => (arg === '--role' ? args[i + 1] : /^--role=(.*)$/.exec(arg)?.[1]))
  .find(Boolean);
const servesPages = (roleArg ?? process.env.ROLE ?? 'all') !== 'engine';

// WEB_DIST names a build of one's own: it is served as it is.
const stale =
  servesPages &&
  !process.env.WEB_DIST &&
  (!existsSync(built) || sources.some((s) => newest(s) > statSync(built).mtimeMs));
if (stale) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@tapeline/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...args], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
