#!/usr/bin/env node
// The server's production build: one ESM bundle per entry in apps/server/dist (main, cli and the
// two worker threads), side by side so `platform/build.ts` finds each from any of them, plus the
// database migrations. The workspace packages (@tapeline/core, @tapeline/market: TypeScript
// source) are bundled in; every other package stays an import, installed by `npm ci --omit=dev`.
// No tsx, vite or esbuild is needed to run the result: `node apps/server/dist/main.js`.
// `dist/meta.json` is esbuild's metafile: what each bundle imports (productionBuild.test.ts checks
// that every package it imports is a production dependency).
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
const dist = path.join(server, 'dist');

/** Bare imports are packages from node_modules, except our own workspaces. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tapeline/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(dist, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'apps/server/src/main.ts',
    cli: 'apps/server/src/cli.ts',
    engineWorker: 'apps/server/src/modules/market/engine/worker.ts',
    voiceWorker: 'apps/server/src/modules/voice/renderWorker.ts',
    labWorker: 'apps/server/src/modules/lab/labWorker.ts',
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [packagesStayExternal],
});
writeFileSync(path.join(dist, 'meta.json'), JSON.stringify(result.metafile));
cpSync(path.join(server, 'src/platform/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(`server built: ${path.relative(root, dist)}/main.js`);
