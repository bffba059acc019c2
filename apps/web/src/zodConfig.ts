import { z } from 'zod/v4';

/**
 * The web build's `zod` (vite.config.ts resolves every `import … from 'zod'`, core's included,
 * to this file): zod itself, switched to jitless parsing before any importer's body runs, so
 * before any schema is built. Otherwise zod's object schemas probe `new Function('')` when they
 * are made, to pick a compiled fast path, and under our CSP (`script-src 'self'`, no
 * 'unsafe-eval') that probe is a reported violation on every page load, although zod catches the
 * error. A `z.config` call in main.tsx comes too late: the bundler runs the chunk holding core's
 * schemas before the entry's own code. Jitless parsing is zod's interpreted path; nothing else
 * changes. The server keeps zod's compiled path (no CSP applies there).
 */
z.config({ jitless: true });

export * from 'zod/v4';
export default z;
