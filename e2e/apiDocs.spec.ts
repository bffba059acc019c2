import { V1_OPERATIONS } from '@tapeline/core';
import { expect, test } from './support/test.ts';

// docs/api.md: the API reference at /api/docs is drawn by the self-hosted renderer from the
// generated OpenAPI document, under its own policy, with no CSP violation (support/cspWatch.ts
// fails the test on any).
test('the API reference draws the operations from the generated document', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page).toHaveTitle('Tapeline API reference');
  await expect(page.getByText(V1_OPERATIONS.getMe.summary).first()).toBeVisible();
});
