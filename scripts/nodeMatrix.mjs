#!/usr/bin/env node
// `node scripts/nodeMatrix.mjs [22 24] [-- vitest args]`: the server suite once per Node major,
// on binaries from the npm registry (the platform package the `node` package installs,
// node-<platform>-<arch>@<major>: no install script needed), cached in .tmp/node-matrix/<major>.
// Not part of `npm test` (this machine's CI runs Node 20 until it moves; docs/operations.md).
// Each run puts that node first on PATH, so the suite's child processes (servers, CLI) use it too.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const split = argv.indexOf('--');
const majors = (split < 0 ? argv : argv.slice(0, split)).filter((a) => /^\d+$/.test(a));
const vitestArgs = split < 0 ? ['--project', 'server'] : argv.slice(split + 1);
const wanted = majors.length > 0 ? majors : ['22', '24'];
const pkg = `node-${process.platform}-${process.arch}`;

const results = [];
for (const major of wanted) {
  const prefix = path.join(root, '.tmp/node-matrix', major);
  const bin = path.join(prefix, 'node_modules', pkg, 'bin');
  if (!existsSync(path.join(bin, 'node'))) {
    mkdirSync(prefix, { recursive: true });
    console.log(`\n▶ installing ${pkg}@${major} into ${path.relative(root, prefix)}`);
    const install = spawnSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, `${pkg}@${major}`],
      {
        stdio: 'inherit',
      },
    );
    if (install.status !== 0 || !existsSync(path.join(bin, 'node'))) {
      results.push({ major, ok: false, note: `${pkg}@${major} is not available from the registry` });
      continue;
    }
  }
  const version = spawnSync(path.join(bin, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`\n▶ server suite on Node ${version}`);
  const run = spawnSync(path.join(bin, 'node'), ['node_modules/vitest/vitest.mjs', 'run', ...vitestArgs], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  results.push({ major, ok: run.status === 0, note: version });
}
console.log('\nNode matrix:');
for (const { major, ok, note } of results)
  console.log(`  Node ${major}: ${ok ? 'passed' : 'FAILED'} (${note})`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
