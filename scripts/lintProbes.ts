import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A lint fence proven to bite: the repo's own biome.json (and the plugins it names) lints probe
// files laid out under `dir` in a scratch copy, so the tree is untouched. Used by the web's import
// fence test (apps/web/src/fence.test.ts) and the server's clock fence test
// (apps/server/src/modules/clockFence.test.ts).

export interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

const repo = path.resolve(import.meta.dirname, '..');

/** Lints `probes` (paths relative to `dir`, e.g. apps/web/src) with the repo's config; answers every diagnostic. */
export function lintProbes(
  dir: string,
  probes: Record<string, string>,
): { found: Diagnostic[]; dispose: () => void } {
  const scratch = mkdtempSync(path.join(tmpdir(), 'tapeline-fence-'));
  const config = JSON.parse(readFileSync(path.join(repo, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false }; // the scratch copy is no git work tree
  writeFileSync(path.join(scratch, 'biome.json'), JSON.stringify(config));
  // The config names lint plugins by path: biome loads them all.
  const plugins: string[] = [
    config.plugins ?? [],
    ...(config.overrides ?? []).map((o: { plugins?: string[] }) => o.plugins ?? []),
  ].flat();
  for (const plugin of plugins) {
    mkdirSync(path.dirname(path.join(scratch, plugin)), { recursive: true });
    copyFileSync(path.join(repo, plugin), path.join(scratch, plugin));
  }
  for (const [file, source] of Object.entries(probes)) {
    const at = path.join(scratch, dir, file);
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, source);
  }
  const run = spawnSync(
    path.join(repo, 'node_modules/.bin/biome'),
    ['lint', '--reporter=json', '--max-diagnostics=none', dir],
    { cwd: scratch, encoding: 'utf8' },
  );
  const found = (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
  return { found, dispose: () => rmSync(scratch, { recursive: true, force: true }) };
}
