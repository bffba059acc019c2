import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The web's lint fence (biome.json's overrides for apps/web/src) proven to bite: the repo's own
// biome.json lints probe files laid out as in apps/web/src, in a scratch copy so the tree is untouched.

const repo = path.resolve(import.meta.dirname, '../../..');
const FEATURE = "A feature imports another feature only through that feature's index.ts";
const FLOOR = 'lib/ and ui/ are the floors features stand on';

const probes: Record<string, string> = {
  'features/chat/acrossToInner.ts':
    "import { newsText } from '../news/newsText.ts';\n\nexport const x = newsText;\n",
  'features/chat/acrossLazily.ts': "export const load = () => import('../news/NewsWidget.tsx');\n",
  'features/chat/throughIndex.ts':
    "import { api } from '../../lib/api.ts';\nimport { Modal } from '../../ui/Modal.tsx';\nimport { loadNewsWidget } from '../news/index.ts';\nimport { chatText } from './chatText.ts';\n\nexport const x = [api, Modal, loadNewsWidget, chatText];\n",
  'features/discovery/table/deepAcross.ts':
    "import { newsText } from '../../news/newsText.ts';\n\nexport const x = newsText;\n",
  'features/discovery/table/deepOwn.ts':
    "import { api } from '../../../lib/api.ts';\nimport { loadNewsWidget } from '../../news/index.ts';\nimport { filtersText } from '../filters/filtersText.ts';\n\nexport const x = [api, loadNewsWidget, filtersText];\n",
  'lib/intoFeature.ts':
    "import { loadNewsWidget } from '../features/news/index.ts';\n\nexport const x = loadNewsWidget;\n",
  'ui/form/intoFeature.ts':
    "import { newsText } from '../../features/news/newsText.ts';\n\nexport const x = newsText;\n",
  'app/acrossToInner.ts':
    "import { LoginPage } from '../features/auth/LoginPage.tsx';\n\nexport const x = LoginPage;\n",
  'app/throughIndex.ts':
    "import { LoginPage } from '../features/auth/index.ts';\n\nexport const x = LoginPage;\n",
};

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}
let found: Diagnostic[] = [];
let scratch = '';

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'tapeline-fence-'));
  const config = JSON.parse(readFileSync(path.join(repo, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false }; // the scratch copy is no git work tree
  writeFileSync(path.join(scratch, 'biome.json'), JSON.stringify(config));
  // The config names lint plugins by path (the server's clock fence): biome loads them all.
  const plugins: string[] = [
    config.plugins ?? [],
    ...config.overrides.map((o: { plugins?: string[] }) => o.plugins ?? []),
  ].flat();
  for (const plugin of plugins) {
    mkdirSync(path.dirname(path.join(scratch, plugin)), { recursive: true });
    copyFileSync(path.join(repo, plugin), path.join(scratch, plugin));
  }
  for (const [file, source] of Object.entries(probes)) {
    const at = path.join(scratch, 'apps/web/src', file);
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, source);
  }
  const run = spawnSync(
    path.join(repo, 'node_modules/.bin/biome'),
    ['lint', '--reporter=json', '--max-diagnostics=none', 'apps/web/src'],
    { cwd: scratch, encoding: 'utf8' },
  );
  found = (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}, 30_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function fenceErrors(file: string): string[] {
  return found
    .filter(
      (d) => d.location.path === `apps/web/src/${file}` && d.category === 'lint/style/noRestrictedImports',
    )
    .map((d) => d.message);
}

describe('the web lint fence', () => {
  it('refuses a feature reaching into another feature, statically or lazily', () => {
    expect(fenceErrors('features/chat/acrossToInner.ts')).toEqual([expect.stringContaining(FEATURE)]);
    expect(fenceErrors('features/chat/acrossLazily.ts')).toEqual([expect.stringContaining(FEATURE)]);
    expect(fenceErrors('features/discovery/table/deepAcross.ts')).toEqual([expect.stringContaining(FEATURE)]);
  });

  it("lets a feature use another feature's index.ts, its own folders, lib/ and ui/", () => {
    expect(fenceErrors('features/chat/throughIndex.ts')).toEqual([]);
    expect(fenceErrors('features/discovery/table/deepOwn.ts')).toEqual([]);
  });

  it('refuses lib/ and ui/ importing any feature, even through its index', () => {
    expect(fenceErrors('lib/intoFeature.ts')).toEqual([expect.stringContaining(FLOOR)]);
    expect(fenceErrors('ui/form/intoFeature.ts')).toEqual([expect.stringContaining(FLOOR)]);
  });

  it("holds app/ to features' index.ts too", () => {
    expect(fenceErrors('app/acrossToInner.ts')).toEqual([expect.stringContaining(FEATURE)]);
    expect(fenceErrors('app/throughIndex.ts')).toEqual([]);
  });
});
