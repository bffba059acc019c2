import { expect, test } from '@playwright/test';
import { dashboardReady } from './support/dashboard.ts';
import { newVerifiedUser, subscribePro } from './support/subscriber.ts';
import { freshEmail } from './support/users.ts';

// docs/continuity.md §2: a dropped connection is never silent. The browser goes offline for
// 20 s (the page hears `offline`, its requests fail, socket.io's retries are refused), then
// comes back: the socket reconnects, catches up, and the pill goes.

test('20 s offline says Reconnecting… for as long as it lasts, and nothing once back', async ({
  page,
  context,
}, info) => {
  test.setTimeout(120_000);
  await newVerifiedUser(page, freshEmail(info, 'reconnect'));
  await subscribePro(page);
  await dashboardReady(page);
  const pill = page.getByTestId('connection-pill');
  await expect(page.getByTestId('cell-stream1')).toBeVisible();
  await expect(pill).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();
  await page.waitForTimeout(20_000);
  await expect(pill).toHaveText('Reconnecting…');

  await context.setOffline(false);
  await expect(pill).toHaveCount(0, { timeout: 20_000 });
});
