import { ensurePgliteTemplate } from './pgliteTemplate.ts';
import { testDbKind } from './testDatabase.ts';

/** vitest globalSetup of the server project: the migrated PGlite dump every file starts from. */
export default async function setup(): Promise<void> {
  if (testDbKind() === 'pglite') await ensurePgliteTemplate();
}
