import {
  alertMessages,
  discoveryMessages,
  ruleLabel,
  type StreamRecentResponse,
  streamRecentResponseSchema,
} from '@tapeline/core';
import { apiAs as api, dataAs } from './support/api.ts';
import { downloadCsv, openDiscovery, rowCount, table, widget } from './support/discovery.ts';
import { signInSubscriber } from './support/subscriber.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';
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

/**
 * Names running now: of the symbols that made a new high or low in the last 30 s of the recent
 * stream (GET /data/stream_bk: each symbol once per side, at its latest entry), those with the
 * most new highs or lows today (the entry's count) — runners that make one every few seconds,
 * not names that touched a low once and stalled.
 */
async function runningNow(page: Page, count: number): Promise<string[]> {
  const answer = await dataAs<StreamRecentResponse>(page, '/data/stream_bk');
  expect(answer.status).toBe(200);
  const [batch] = streamRecentResponseSchema.parse(answer.body).data;
  const events = [...batch.highs, ...batch.lows];
  const newest = Math.max(...events.map((e) => e.eventTs ?? 0));
  const most = new Map<string, number>();
  for (const e of events)
    if ((e.eventTs ?? 0) >= newest - 30_000) most.set(e.symbol, Math.max(most.get(e.symbol) ?? 0, e.count));
  const running = [...most].sort((a, b) => b[1] - a[1]).map(([symbol]) => symbol);
  expect(running.length).toBeGreaterThanOrEqual(count);
  return running.slice(0, count);
}

/** Every toast's text from now on, read when asked: a toast may expire before it is looked for. */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenToasts: string[] }).seenToasts = seen;
    new MutationObserver(() => {
      for (const el of Array.from(document.querySelectorAll('[data-testid="toast"]'))) {
        const text = el.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts);
}

test('Pro Plus: volume, money-flow, trend and alert popups open from a row, and the alert fires', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await signInSubscriber(page, freshEmail(info, 'discovery-popups'), 'proplus');
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

  // Alert type menu: a Trade (Hi/Low) alert on each of five names running right now (the data
  // host's recent stream), each found with the toolbar's symbol search and added with one click,
  // each confirmed by §8's toast. The next new high or low of any of them fires its alert.
  const toasts = await recordToasts(page);
  const symbols = await runningNow(page, 5);
  const search = widget(page).getByRole('searchbox', { name: 'Search symbol' });
  for (const s of symbols) {
    await search.fill(s);
    await row(page, s)
      .getByRole('button', { name: `Add alert for ${s}` })
      .click();
    const menu = page.getByTestId('discovery-alert-menu');
    await menu.getByRole('menuitem', { name: ruleLabel('trade', s), exact: true }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: alertMessages.added(ruleLabel('trade', s), s) }),
    ).toBeVisible();
  }
  await search.fill('');
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
      { timeout: 90_000, intervals: [250] },
    )
    .toBe(true);
  // Toasted on this page: recorded as it appeared, since it may have come and gone while the
  // later alerts were being added.
  await expect
    .poll(() => toasts(), { timeout: 10_000 })
    .toContainEqual(expect.stringContaining(fired as string));
});

test('Pro Plus: a smart filter narrows the rows to its conditions, and Default brings them back', async ({
  page,
}, info) => {
  test.setTimeout(150_000);
  await signInSubscriber(page, freshEmail(info, 'discovery-filter'), 'proplus');
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
