import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Whether this code runs from the production build (`apps/server/dist/*.js`: one esbuild bundle
 * per entry, all side by side, made by `scripts/buildServer.mjs`) or from its TypeScript source
 * through tsx (`npm start`, `npm run cli`, the tests). A bundle's modules share its URL.
 */
export const isBuilt = !import.meta.url.endsWith('.ts');

/** `apps/server`: the source lives in `src/`, the build in `dist/`. */
export const serverRoot = path.resolve(import.meta.dirname, isBuilt ? '..' : '../..');

/** The database migrations: `src/platform/db/migrations`, copied to `dist/migrations` by the build. */
export const migrationsFolder = isBuilt
  ? path.join(import.meta.dirname, 'migrations')
  : path.join(import.meta.dirname, 'db/migrations');

/** The thread entries the build bundles, by the name of their bundle in `dist/`. */
export type ThreadEntry = 'engineWorker' | 'voiceWorker' | 'labWorker';

/**
 * Starts a worker thread. Built: the entry's own bundle. From source: the thread registers tsx
 * before it imports its entry (a worker does not inherit the parent's module hooks); `source` is
 * the entry's `.ts` URL, resolved by the caller beside itself.
 */
export function startThread(entry: ThreadEntry, source: URL, options: WorkerOptions = {}): Worker {
  if (isBuilt) return new Worker(new URL(`./${entry}.js`, import.meta.url), options);
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
