import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 28: test helpers live in `testing/` folders (and `src/test/`, `test-setup/`), never beside
// the product's code. A file in apps/server/src or apps/web/src that the product never imports
// (statically, lazily or as a worker), that is no entry point and no test, is a test helper out
// of place: this scan names it.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCES = ['apps/server/src', 'apps/web/src'];
/** Run by node or the bundler, not imported (zodConfig.ts: the web build's `zod`, apps/web/vite.config.ts). */
const ENTRIES = new Set([
  'apps/server/src/main.ts',
  'apps/server/src/cli.ts',
  'apps/web/src/main.tsx',
  'apps/web/src/zodConfig.ts',
  // What `npm run env:example` (scripts/envExample.ts) writes from the config schema.
  'apps/server/src/platform/envExample.ts',
]);
/**
 * The authorization suite is a test module of its own (modules/authz: the matrix and the fuzz
 * corpus are its tables, beside its two tests); every route adds its row there.
 */
const TEST_MODULES = ['apps/server/src/modules/authz/'];

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const isTestKit = (file: string) =>
  /\/(testing|test|test-setup)\//.test(file) || TEST_MODULES.some((dir) => file.startsWith(dir));

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => `${dir}/${name.split(path.sep).join('/')}`);
}

const SPECIFIER = /(?:from\s*|import\s*\(\s*|import\s+|new URL\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The files each file imports by a relative path (an import, a lazy import(), a worker URL). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(SPECIFIER)].map((m) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1] ?? '')),
  );
}

describe('test helpers live in testing/ folders', () => {
  it('leaves no file beside the product code that only tests import', () => {
    const files = SOURCES.flatMap(sourceFiles);
    const product = files.filter((file) => !isTest(file) && !isTestKit(file));
    const usedByProduct = new Set(product.flatMap(importsOf));
    const orphans = product.filter((file) => !ENTRIES.has(file) && !usedByProduct.has(file));
    expect(orphans).toEqual([]);
  });
});
