import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Diagnostic, lintProbes } from '../../../scripts/lintProbes.ts';

// The web's lint fence (biome.json's overrides for apps/web/src) proven to bite: the repo's own
// biome.json lints probe files laid out as in apps/web/src, in a scratch copy so the tree is untouched (scripts/lintProbes.ts).

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

let found: Diagnostic[] = [];
let dispose = () => {};

beforeAll(() => {
  ({ found, dispose } = lintProbes('apps/web/src', probes));
}, 30_000);

afterAll(() => dispose());

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
