import { expect, type Locator, type Page, test } from '@playwright/test';
import { alertMessages, discoveryMessages, ruleLabel } from '@tapeline/core';
import { apiAs as api } from './support/api.ts';
import { downloadCsv, header, openDiscovery, rowCount, table, widget } from './support/discovery.ts';
import { newVerifiedUser, subscribeMonthly } from './support/subscriber.ts';
import { freshEmail } from './support/users.ts';

// Discovery's popups and menus (spec §2) in Chromium, and the promise that an alert added from
// a row of the table reaches the trader. The simulated market is live: the rows the default
// sort (Change % descending) puts first are the day's busiest gainers, which make new highs.

const row = (page: Page, symbol: string): Locator => table(page).locator(`tbody tr[data-symbol="${symbol}"]`);

async function topSymbols(page: Page, count: number): Promise<string[]> {
  const rows = table(page).locator('tbody tr[data-symbol]');
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  const symbols: string[] = [];
  for (let i = 0; i < count; i++) symbols.push((await rows.nth(i).getAttribute('data-symbol')) ?? '');
  return symbols;
}

test('Pro Plus: volume, money-flow, trend and alert popups open from a row, and the alert fires', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await newVerifiedUser(page, freshEmail(info, 'discovery-popups'));
  await subscribeMonthly(page, 'proplus');
  await openDiscovery(page);
  const [symbol = ''] = await topSymbols(page, 1);

  // Volume history per timeframe: the top gainer has traded, so the popup lists timeframes.
  await row(page, symbol)
    .getByRole('button', { name: `${symbol} volume history` })
    .click();
  const flow = page.getByTestId('symbol-flow');
  await expect(flow).toHaveAttribute('data-kind', 'volume');
  await expect(flow.getByRole('heading')).toContainText(symbol);
  await expect.poll(() => flow.getByRole('row').count()).toBeGreaterThan(1);
  await page.keyboard.press('Escape');
  await expect(flow).toBeHidden();

  // Money flow the same way, opened by right-click as §2 allows.
  await row(page, symbol)
    .getByRole('button', { name: `${symbol} money-flow history` })
    .click({ button: 'right' });
  await expect(flow).toHaveAttribute('data-kind', 'moneyFlow');
  await expect(flow.getByText(/./).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(flow).toBeHidden();

  // Trend: the popup says what the cell shows (BUY or SELL at a price), or that there is none.
  const trendCell = row(page, symbol).getByRole('button', { name: `Trend of ${symbol}` });
  const shown = ((await trendCell.textContent()) ?? '').trim();
  await trendCell.click();
  const trend = page.getByTestId('discovery-trend');
  await expect(trend).toBeVisible();
  if (shown === '-') await expect(trend).toContainText(discoveryMessages.dataUnavailable);
  else await expect(trend).toContainText(shown.split(' ')[0] as string);
  await page.keyboard.press('Escape');
  await expect(trend).toBeHidden();

  // The symbol's own context menu and hover card, as everywhere else a symbol is shown.
  const link = row(page, symbol).getByRole('button', { name: symbol, exact: true });
  await link.hover();
  await expect(page.getByTestId('symbol-hover')).toBeVisible();
  await link.click({ button: 'right' });
  await expect(page.getByTestId('symbol-menu')).toHaveAttribute('data-symbol', symbol);
  await page.keyboard.press('Escape');

  // Alert type menu: a Trade (Hi/Low) alert on each of the five names making the most new highs
  // (Momentum, descending: the ones still running, not a gainer that stalled an hour ago), one
  // click each, each confirmed by §8's toast. The first new high after a rule is made fires it.
  await header(page, 'Momentum').getByRole('button').first().click();
  await expect(header(page, 'Momentum')).toHaveAttribute('aria-sort', 'descending');
  const symbols = await topSymbols(page, 5);
  for (const s of symbols) {
    await row(page, s)
      .getByRole('button', { name: `Add alert for ${s}` })
      .click();
    const menu = page.getByTestId('discovery-alert-menu');
    await menu.getByRole('menuitem', { name: ruleLabel('trade', s), exact: true }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: alertMessages.added(ruleLabel('trade', s), s) }),
    ).toBeVisible();
  }
  const stored = (await api<{ alerts: { type: string; category: string }[] }>(page, 'GET', '/api/alerts'))
    .body;
  for (const s of symbols)
    expect(stored.alerts).toContainEqual(expect.objectContaining({ type: 'trade', category: s }));

  // One of them fires: written to the history, then toasted on this page.
  let fired: string | undefined;
  await expect
    .poll(
      async () => {
        const list = (await api<{ msg: string }[]>(page, 'GET', '/api/alert_history')).body;
        fired = list.find((item) => symbols.some((s) => item.msg.startsWith(s)))?.msg;
        return fired !== undefined;
      },
      // Past the busy open a name can rest a minute or two between new highs and lows.
      { timeout: 110_000, intervals: [250] },
    )
    .toBe(true);
  await expect(
    page
      .getByTestId('toast')
      .filter({ hasText: fired as string })
      .first(),
  ).toBeVisible();
});

test('Pro Plus: a smart filter narrows the rows to its conditions, and Default brings them back', async ({
  page,
}, info) => {
  test.setTimeout(150_000);
  await newVerifiedUser(page, freshEmail(info, 'discovery-filter'));
  await subscribeMonthly(page, 'proplus');
  await openDiscovery(page);
  await expect.poll(() => rowCount(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(25);
  // The table lists 50 rows until scrolled; the CSV lists every row shown (up to 1000).
  const all = (await downloadCsv(page)).rows.length;

  // Last between $20 and $50, applied with Filter (a temp- filter: nothing saved).
  await widget(page)
    .getByRole('button', { name: /^Smart filter:/ })
    .click();
  await page.getByRole('button', { name: 'Add New' }).click();
  const modal = page.getByTestId('smart-filter-modal');
  await modal.getByRole('combobox', { name: 'Column 1' }).selectOption('last');
  await modal.getByRole('spinbutton', { name: 'Last Min' }).fill('20');
  await modal.getByRole('spinbutton', { name: 'Last Max' }).fill('50');
  await modal.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(modal).toBeHidden();
  await expect.poll(async () => (await downloadCsv(page)).rows.length).toBeLessThan(all);
  const csv = await downloadCsv(page);
  expect(csv.rows.length).toBeGreaterThan(0);
  for (const row of csv.rows) {
    expect(Number(row.Last)).toBeGreaterThanOrEqual(20);
    expect(Number(row.Last)).toBeLessThanOrEqual(50);
  }

  // Default is every row again.
  await widget(page)
    .getByRole('button', { name: /^Smart filter:/ })
    .click();
  await page.getByRole('button', { name: 'Default', exact: true }).click();
  await expect.poll(async () => (await downloadCsv(page)).rows.length).toBeGreaterThanOrEqual(all - 5);
});
