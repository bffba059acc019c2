import { signInSubscriber } from './support/subscriber.ts';
import { expect, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

test('a new subscriber sees simulated highs and lows arrive on the dashboard', async ({ page }, info) => {
  await signInSubscriber(page, freshEmail(info, 'streamer'));
  await expect(page.getByTestId('simulated')).toBeVisible();
  // The 2-second client buffer flushes batches from the simulator within seconds.
  const main = page.getByRole('region', { name: 'Main Stream' });
  const highs = main.getByRole('table', { name: 'High stream' }).locator('tbody tr');
  const lows = main.getByRole('table', { name: 'Low stream' }).locator('tbody tr');
  await expect(highs.first()).toBeVisible({ timeout: 10_000 });
  await expect(lows.first()).toBeVisible({ timeout: 10_000 });
  // Each row reads Symbol, Count, Last with the spec's price format.
  await expect(highs.first().locator('td').nth(2)).toHaveText(/^\d+\.\d{2}(\d{2})?$/);
});
