import { expect, test } from '@playwright/test';
import { newVerifiedUser, subscribePro } from './support/subscriber.ts';
import { freshEmail } from './support/users.ts';

test('a new subscriber sees simulated highs and lows arrive on the dashboard', async ({ page }, info) => {
  await newVerifiedUser(page, freshEmail(info, 'streamer'));
  await subscribePro(page);
  const stream = page.getByRole('region', { name: 'Stream' });
  await expect(stream.getByText('SIMULATED')).toBeVisible();
  // The 2-second client buffer flushes batches from the simulator within seconds.
  const highs = page.getByRole('table', { name: 'High stream' }).locator('tbody tr');
  const lows = page.getByRole('table', { name: 'Low stream' }).locator('tbody tr');
  await expect(highs.first()).toBeVisible({ timeout: 10_000 });
  await expect(lows.first()).toBeVisible({ timeout: 10_000 });
  // Each row reads Symbol, Count, Last with the spec's price format.
  await expect(highs.first().locator('td').nth(2)).toHaveText(/^\d+\.\d{2}(\d{2})?$/);
});
