// What specs import instead of '@playwright/test': the same API, with `test` watching every page
// for Content-Security-Policy violations (support/cspWatch.ts).
export * from '@playwright/test';
export { test } from './cspWatch.ts';
