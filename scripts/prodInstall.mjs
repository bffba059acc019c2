#!/usr/bin/env node
// `node scripts/prodInstall.mjs`: the image's build steps (deploy/Dockerfile) as a script, on a
// machine with no container runtime. Builds, copies what the image copies into a fresh folder,
// runs `npm ci --omit=dev` there, checks that no dev tool got in, then starts every role from
// it: `all` on PGlite (ready, then SIGTERM → exit 0), and an engine (ENGINE_HEALTH_PORT) with
// an `api` node over Redis (REDIS_URL, default redis://127.0.0.1:6379): the api node is ready,
// turns 503 within 10 s of the engine's SIGTERM, and stops cleanly. Not part of `npm test`
// (npm ci takes minutes); docs/operations.md.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'tapeline-prod-install-'));
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const step = (label) => console.log(`\n▶ ${label}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function must(result, label) {
  if (result.status !== 0) throw new Error(`${label} failed (${result.status})`);
}

function start(args, env) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js', ...args], {
    cwd: work,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  return { child, exited };
}

async function statusOf(url) {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
}

async function waitFor(url, want, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if ((await statusOf(url)) === want) return Date.now();
    await sleep(250);
  }
  throw new Error(`${url} did not answer ${want} within ${ms} ms`);
}

async function stop(proc, label) {
  proc.child.kill('SIGTERM');
  const code = await Promise.race([proc.exited, sleep(15_000).then(() => 'timeout')]);
  if (code !== 0) throw new Error(`${label} did not stop cleanly: ${code}`);
  console.log(`${label}: stopped cleanly on SIGTERM`);
}

const running = [];
try {
  if (!process.argv.includes('--no-build')) {
    step('npm run build');
    must(spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }), 'build');
  }
  step(`copying what the image copies into ${work}`);
  for (const file of [
    'package.json',
    'package-lock.json',
    '.npmrc',
    'apps/server/package.json',
    'apps/web/package.json',
    'packages/core/package.json',
    'packages/market/package.json',
    'apps/server/dist',
    'apps/web/dist',
  ]) {
    if (existsSync(path.join(root, file)))
      cpSync(path.join(root, file), path.join(work, file), { recursive: true });
  }
  step('npm ci --omit=dev');
  must(
    spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: work, stdio: 'inherit' }),
    'npm ci',
  );
  const devTools = ['tsx', 'vite', 'esbuild', 'typescript', 'vitest'].filter((name) =>
    existsSync(path.join(work, 'node_modules', name)),
  );
  if (devTools.length > 0) throw new Error(`dev tools installed: ${devTools.join(', ')}`);
  console.log('no dev tool installed');

  step('ROLE=all on PGlite');
  const all = start([], {
    PORT: '18801',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, 'data-all'),
    SIM_SYMBOLS: '500',
  });
  running.push(all);
  await waitFor('http://127.0.0.1:18801/api/health/ready', 200, 240_000);
  console.log('all: ready');
  await stop(all, 'all');

  step(`--role=engine and --role=api over Redis (${redisUrl})`);
  const bus = { REDIS_URL: redisUrl, BUS_PREFIX: `tapeline:prodcheck:${process.pid}:`, SIM_SYMBOLS: '500' };
  const engine = start(['--role=engine'], {
    ...bus,
    DATA_DIR: path.join(work, 'data-engine'),
    ENGINE_HEALTH_PORT: '18803',
  });
  running.push(engine);
  await waitFor('http://127.0.0.1:18803/health/ready', 200, 240_000);
  console.log('engine: ready on ENGINE_HEALTH_PORT');
  const api = start(['--role=api'], {
    ...bus,
    PORT: '18802',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, 'data-api'),
  });
  running.push(api);
  await waitFor('http://127.0.0.1:18802/api/health/ready', 200, 240_000);
  console.log('api: ready (engine reachable over the bus)');
  const stopped = Date.now();
  await stop(engine, 'engine');
  const notReady = await waitFor('http://127.0.0.1:18802/api/health/ready', 503, 10_000);
  console.log(`api: 503 ${notReady - stopped} ms after the engine stopped`);
  await stop(api, 'api');
  console.log('\nproduction install: every role ran from `npm ci --omit=dev`');
} catch (error) {
  console.error(`\nproduction install check failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  for (const proc of running) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
}
