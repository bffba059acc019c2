import { apiAs } from './support/api.ts';
import { openDiscovery, widget } from './support/discovery.ts';
import { signInSubscriber } from './support/subscriber.ts';
import { expect, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

// Issue 26's browser criterion: on the simulated market's seeded sessions (the recorder seeds
// past sessions on the simulator's first start), a Pro Plus trader backtests a smart filter from
// Discovery's modal, reads the summary, the histogram and the fires, and opens one fire's chart.

test('Pro Plus: backtest a smart filter from Discovery, then open a fire’s chart', async ({ page }, info) => {
  test.setTimeout(180_000);
  await signInSubscriber(page, freshEmail(info, 'alert-lab'), 'proplus');
  await openDiscovery(page);

  await widget(page)
    .getByRole('button', { name: /^Smart filter:/ })
    .click();
  await page.getByRole('button', { name: 'Add New' }).click();
  const modal = page.getByTestId('smart-filter-modal');
  // Gapped 1 % or more: symbols enter as they first print, so a session has fires.
  await modal.getByRole('combobox', { name: 'Column 1' }).selectOption('gap');
  await modal.getByRole('spinbutton', { name: 'Gap Min' }).fill('1');
  await modal.getByRole('spinbutton', { name: 'Gap Max' }).fill('1000');
  await modal.getByRole('button', { name: 'Backtest', exact: true }).click();

  const lab = page.getByTestId('backtest');
  await expect(lab).toBeVisible();
  await lab.getByRole('radio', { name: 'Last session' }).check();
  // The recorder seeds the past sessions in the background on the server's first start.
  await expect
    .poll(
      async () =>
        (
          await apiAs<{ sessions: { complete: boolean }[] }>(page, 'GET', '/api/market/sessions')
        ).body.sessions.some((s) => s.complete),
      { timeout: 120_000 },
    )
    .toBe(true);
  await lab.getByRole('button', { name: 'Run backtest' }).click();

  const fires = lab.getByRole('table', { name: /^Fires/ });
  await expect(fires).toBeVisible({ timeout: 120_000 });
  await expect(lab.getByText('Fires', { exact: true })).toBeVisible();
  await expect(
    lab.getByRole('figure', { name: 'Moves 5 minutes after each fire' }).getByRole('listitem'),
  ).toHaveCount(12);
  const first = fires.getByRole('button').first();

  await first.click();
  const chart = page.getByTestId('chart');
  await expect(chart).toBeVisible();
  const canvas = chart.getByTestId('chart-canvas');
  await expect(canvas).toHaveAttribute('data-fire', 'yes');
  await expect
    .poll(async () => Number(await canvas.getAttribute('data-bars')), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expect(canvas.locator('canvas').first()).toBeVisible();
});
