import type { AlertHistoryItem, AlertRule } from '@tapeline/core';
import { apiAs, dataAs } from './support/api.ts';
import { cell, dashboardReady } from './support/dashboard.ts';
import { PHONE } from './support/projects.ts';
import { signInSubscriber } from './support/subscriber.ts';
import { expect, type Page, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

const POPULAR_LIST = 'Popular symbols, most popular first';

/**
 * Listed symbols no other test counted yet: Popular counts only the engine's reference data, and
 * popularity is shared by every trader on the server. Picked from the simulated market's names,
 * leaving out the symbols already on the Popular list.
 */
async function freshSymbols(page: Page, count: number): Promise<string[]> {
  const names = (await dataAs<{ s: string }[]>(page, '/data/stock-names.json')).body;
  const top = (await apiAs<{ data: { symbol: string }[] }>(page, 'GET', '/api/stock_stats/top')).body;
  const counted = new Set(top.data.map((row) => row.symbol));
  const candidates = names
    .map((name) => name.s)
    .filter((sym) => !counted.has(sym) && /^[A-Z]{3,5}$/.test(sym));
  const picked: string[] = [];
  while (picked.length < count) {
    const sym = candidates.splice(Math.floor(Math.random() * candidates.length), 1)[0];
    if (sym) picked.push(sym);
  }
  return picked;
}

/** POST /api/stock_stats/inc/{symbol} with the signed-in trader's token, as the app would. */
async function countFromPage(page: Page, symbol: string): Promise<number> {
  return (await apiAs(page, 'POST', `/api/stock_stats/inc/${symbol}`)).status;
}

test.describe('the Popular, Alerts and Meters widgets', () => {
  test.beforeEach(async ({ page }, info) => {
    await signInSubscriber(page, freshEmail(info, 'widgets'));
    await dashboardReady(page);
  });

  test('Popular lists a counted symbol, largest font first; a click counts and a newcomer blinks', async ({
    page,
  }) => {
    const [first = '', second = ''] = await freshSymbols(page, 2);
    expect(await countFromPage(page, first)).toBe(200);
    await page.reload();
    await dashboardReady(page);

    const list = cell(page, 'popular').getByRole('list', { name: POPULAR_LIST });
    const firstButton = list.getByRole('button', { name: first, exact: true });
    await expect(firstButton).toBeVisible();
    // Nothing blinks on opening: there is no earlier list to compare with.
    await expect(list.locator('[data-blinking]')).toHaveCount(0);
    const sizes = await list
      .getByRole('button')
      .evaluateAll((els) => els.map((el) => Number.parseFloat(getComputedStyle(el).fontSize)));
    expect(sizes[0]).toBe(32);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThanOrEqual(sizes[i - 1] as number);

    // Someone else's interest arrives; the trader's click counts and refreshes the list.
    expect(await countFromPage(page, second)).toBe(200);
    const counted = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith(`/api/stock_stats/inc/${first}`),
    );
    await firstButton.click();
    await counted;
    // A Popular symbol is a symbol like any other: its menu opens; Escape closes it.
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    const newcomer = list.getByRole('button', { name: second, exact: true });
    await expect(newcomer).toBeVisible();
    await expect(newcomer).toHaveAttribute('data-blinking', 'true');
    // The blink lasts 5 s.
    await expect(newcomer).not.toHaveAttribute('data-blinking', { timeout: 8000 });
  });

  test('Alerts history starts empty, and clear says so', async ({ page }) => {
    const alerts = cell(page, 'alerts');
    await expect(
      alerts.getByText('No alerts yet — alerts you set up show up here when they fire.'),
    ).toBeVisible();
    const cleared = page.waitForResponse(
      (r) => r.url().endsWith('/api/alert_history') && r.request().method() === 'DELETE',
    );
    await alerts.getByRole('button', { name: 'clear', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear', exact: true }).click();
    expect((await cleared).status()).toBe(200);
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Alert history has been cleared' }),
    ).toBeVisible();
  });

  test('Alerts history lists fired alerts newest first, opens one, and reports a failed clear', async ({
    page,
  }) => {
    // A Hi/Low rule on the main stream's highs fires within seconds on the simulated tape; the
    // rule is removed once two have fired, and the list is read when it has stopped growing.
    const created = await apiAs<{ data: { list: AlertRule[] } }>(page, 'POST', '/api/alerts', {
      category: 'primary_high',
      type: 'trade',
      rate: 0.02,
    });
    const rule = created.body.data.list[0] as AlertRule;
    const history = async () => (await apiAs<AlertHistoryItem[]>(page, 'GET', '/api/alert_history')).body;
    await expect.poll(async () => (await history()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await apiAs(page, 'DELETE', `/api/alerts/${rule.id}`);
    let last = -1;
    await expect
      .poll(
        async () => {
          const n = (await history()).length;
          const settled = n === last;
          last = n;
          return settled;
        },
        { timeout: 15_000, intervals: [1500] },
      )
      .toBe(true);
    const fired = await history();

    await page.reload();
    await dashboardReady(page);
    const alerts = cell(page, 'alerts');
    const items = alerts.getByRole('list', { name: 'Alert history, newest first' }).getByRole('button');
    await expect(items).toHaveCount(fired.length);
    await expect(items.nth(0)).toContainText(fired[0]?.msg ?? '');
    await expect(items.nth(0).locator('time')).toHaveText(/^(\d{2}\/\d{2} )?\d{2}:\d{2}:\d{2}$/);

    await items.nth(1).click();
    const detail = alerts.getByRole('article', { name: 'Alert' });
    await expect(detail.getByText(fired[1]?.msg ?? '', { exact: true })).toBeVisible();
    await expect(detail.locator('time')).toHaveText(/^\w{3} \w{3} \d{1,2}, \d{4} \d{2}:\d{2}:\d{2} ET$/);
    await detail.getByRole('button', { name: /Back/ }).click();
    await expect(items).toHaveCount(fired.length);

    // The network drops the clear: the trader is told, and the list stays.
    await page.route('**/api/alert_history', (route) =>
      route.request().method() === 'DELETE' ? route.abort('connectionreset') : route.fallback(),
    );
    await alerts.getByRole('button', { name: 'clear', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Failed to clear alert history' }),
    ).toBeVisible();
    await expect(items).toHaveCount(fired.length);
  });

  test(
    'Meters draws DOW, NAZ and SPY from the engine, greyed when the data host is unreachable',
    PHONE,
    async ({ page }, info) => {
      const meters = cell(page, 'meters');
      const mobile = info.project.name === 'mobile';
      const tiles = mobile ? 5 : 13;
      const gauge = (label: string) => meters.getByRole('img', { name: new RegExp(`^${label}:`) });
      for (const label of ['DOW', 'NAZ', 'SPY']) {
        await expect(gauge(label).locator('.gauge-tile')).toHaveCount(tiles);
        // The simulator seeds daily history, so every index ETF has a move measured in its ATR.
        await expect(gauge(label)).toHaveAttribute(
          'aria-label',
          new RegExp(`^${label}: [+−-]?\\d+\\.\\d{2} ATR, [+−-]?\\d+\\.\\d{2}%$`),
          { timeout: 15_000 },
        );
      }
      await expect(meters.getByText('Meters unavailable')).toHaveCount(0);

      await page.route('**/data/meters', (route) => route.abort('connectionrefused'));
      // The next poll (≤ 5 s) and its two retries (1 s, 3 s: lib/queryClient.ts) fail first.
      await expect(meters.getByText('Meters unavailable')).toBeVisible({ timeout: 20_000 });
      await expect(meters.locator('.is-lit')).toHaveCount(0);
    },
  );
});
