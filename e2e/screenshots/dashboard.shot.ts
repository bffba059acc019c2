import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PHONE } from '../support/projects.ts';
import { newVerifiedUser, subscribePro } from '../support/subscriber.ts';
import { freshEmail } from '../support/users.ts';

const out = path.resolve(import.meta.dirname, '../../docs/screenshots');

// Tagged for the phone project too (it runs only @phone tests): dashboard-mobile.png.
test('dashboard screenshot', PHONE, async ({ page }, info) => {
  await newVerifiedUser(page, freshEmail(info, 'shots'));
  await subscribePro(page);
  await expect(page.getByTestId('dashboard-grid').or(page.getByTestId('maximized'))).toBeVisible({
    timeout: 15_000,
  });
  const highs = page.getByRole('table', { name: 'High stream' }).first().locator('tbody tr');
  await expect(highs.first()).toBeVisible({ timeout: 15_000 });
  // Let a few more flushes fill the tables the way a trader sees them mid-session.
  await page.waitForTimeout(6_000);
  await page.screenshot({ path: path.join(out, `dashboard-${info.project.name}.png`) });
});
