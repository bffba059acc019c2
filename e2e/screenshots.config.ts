import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

// `npm run screenshots`: the dashboard at 1440 × 900 and 390 × 844 into docs/screenshots/.
export default defineConfig({
  ...base,
  testDir: './screenshots',
  testMatch: '**/*.shot.ts',
  reporter: [['list']],
});
