import { invalidOrDuplicated, QUOTES_MAX, quoteMessages } from '@tapeline/core';
import { apiAs as api, dataAs } from './support/api.ts';
import { watchCsp } from './support/cspWatch.ts';
import { dashboardReady } from './support/dashboard.ts';
import { PHONE } from './support/projects.ts';
import { signInSubscriber } from './support/subscriber.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

// A Pro trader on the embedded defaults (simulated market) keeps favourite quotes: five symbols
// typed into Edit Quote (one unknown, one already listed), one card dragged to a new place, one
// pinned; a reload keeps it all, prices move without one, and the stream's fav channel shows
// only those symbols.

const mainStream = (page: Page): Locator => page.getByRole('region', { name: 'Main Stream' });
// The widget's frame, in a grid cell or maximised.
const quoteWidget = (page: Page): Locator => page.locator('section[data-widget="quote"]');
const cards = (page: Page): Locator => quoteWidget(page).getByTestId('quote-card');
const cardOf = (page: Page, symbol: string): Locator =>
  quoteWidget(page).locator(`[data-symbol="${symbol}"]`);
const cardSymbols = (page: Page) =>
  cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-symbol')));

/** Distinct symbols making new highs on the live tape: ones the simulator is trading. */
async function tradingSymbols(page: Page, count: number): Promise<string[]> {
  const links = mainStream(page).locator('.symbol-link');
  let found: string[] = [];
  await expect
    .poll(
      async () => {
        found = [...new Set(await links.allInnerTexts())].map((s) => s.trim()).filter(Boolean);
        return found.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found.slice(0, count);
}

/**
 * Drags a quote by its grip onto another's place with the mouse (dnd-kit starts after 5 px): a
 * card in the slider, or on a phone, where only two cards fit across, a row of the list.
 */
async function dragQuote(page: Page, symbol: string, onto: string, isMobile: boolean): Promise<void> {
  const item = (s: string) =>
    isMobile ? quoteWidget(page).locator(`[data-testid="quote-row"][data-symbol="${s}"]`) : cardOf(page, s);
  if (isMobile) await quoteWidget(page).getByRole('button', { name: 'Show list' }).click();
  const grip = item(symbol).getByRole('button', { name: `Drag ${symbol} to reorder` });
  await grip.scrollIntoViewIfNeeded();
  const from = await grip.boundingBox();
  const to = await item(onto).boundingBox();
  if (!from || !to) throw new Error('quotes not laid out');
  const [x, y] = [from.x + from.width / 2, from.y + from.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + (isMobile ? 0 : 10), y + (isMobile ? 10 : 0), { steps: 3 });
  await page.mouse.move(
    to.x + (isMobile ? from.x - to.x + from.width / 2 : to.width / 2),
    to.y + to.height / 2,
    {
      steps: 12,
    },
  );
  await page.mouse.up();
  if (isMobile) await quoteWidget(page).getByRole('button', { name: 'Hide list' }).click();
}

test(
  'favourite quotes: add, reorder, pin, reload, live prices and the fav stream channel',
  PHONE,
  async ({ page, isMobile }, info) => {
    test.setTimeout(180_000);
    const csp = watchCsp(page);
    await signInSubscriber(page, freshEmail(info, 'quotes'));
    await dashboardReady(page);
    const [listed, a, b, c] = (await tradingSymbols(page, 4)) as [string, string, string, string];

    // One symbol is listed already (added through the API), so typing it again is a duplicate.
    expect((await api(page, 'POST', '/api/quotes', { adds: [listed], deletes: [] })).status).toBe(200);
    await page.reload();
    await dashboardReady(page);
    await expect(cards(page)).toHaveCount(1);

    // '/' opens Edit Quote; five symbols typed in lower case, one unknown and one already listed.
    await page.locator('body').press('/');
    const modal = page.getByTestId('edit-quote-modal');
    await expect(modal.getByRole('heading', { name: 'Edit Quote' })).toBeVisible();
    const field = modal.getByRole('textbox', { name: 'Add symbols' });
    await field.pressSequentially(`${a.toLowerCase()} ${b.toLowerCase()},nope1 ${c} ${listed}`);
    await field.press('Enter');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(invalidOrDuplicated(['NOPE1'], [listed]) ?? '')).toBeVisible();
    await expect(page.getByText(quoteMessages.updated)).toBeVisible();
    await expect(modal).toBeHidden();
    await expect.poll(() => cardSymbols(page)).toEqual([listed, a, b, c]);

    // Maximised, every card has room to be dragged; c onto a's place, saved 2 s after the drop.
    await page.getByRole('button', { name: 'Maximise Quote' }).click();
    await expect(page.getByTestId('maximized')).toBeVisible();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/quotes/reorder') && r.request().method() === 'POST' && r.ok(),
    );
    await dragQuote(page, c, a, isMobile);
    await expect.poll(() => cardSymbols(page)).toEqual([listed, c, a, b]);
    await saved;

    // A pin for b, set in its price field with Enter.
    const card = cardOf(page, b);
    await card.getByRole('button', { name: `Pin a price for ${b}` }).click();
    await card.getByRole('textbox', { name: `Pin price for ${b}` }).fill('123.45');
    await card.getByRole('textbox', { name: `Pin price for ${b}` }).press('Enter');
    await expect(card.getByTestId('pin-distance')).toContainText('123.45');

    // A reload keeps the list, its order and the pin.
    await page.reload();
    await dashboardReady(page);
    await expect.poll(() => cardSymbols(page), { timeout: 15_000 }).toEqual([listed, c, a, b]);
    await expect(cardOf(page, b).getByTestId('pin-distance')).toContainText('123.45');

    // Prices move without a reload (live frames, or at worst the 60 s refresh).
    const prices = () => cards(page).getByTestId('quote-price').allInnerTexts();
    const first = await prices();
    await expect
      .poll(async () => (await prices()).some((p, i) => p !== first[i]), { timeout: 70_000 })
      .toBe(true);

    // Back to the grid; the Main channel set to fav: its rows are only the trader's quotes.
    await page.getByRole('button', { name: 'Restore Quote' }).click();
    await expect(page.getByTestId('dashboard-grid')).toBeVisible();
    const settings = (await api<{ config: string | null }>(page, 'GET', '/api/settings')).body;
    const config = JSON.parse(settings.config ?? 'null') ?? { stream: [] };
    const main = config.stream.find((ch: { channel: string }) => ch.channel === 'main');
    main.type = 'fav';
    expect((await api(page, 'POST', '/api/settings/config', { config })).status).toBe(200);
    await page.reload();
    await dashboardReady(page);
    const rows = mainStream(page).locator('.symbol-link');
    await expect(rows.first()).toBeVisible({ timeout: 60_000 });
    const favourites = new Set([listed, a, b, c]);
    for (const symbol of await rows.allInnerTexts()) expect(favourites).toContain(symbol.trim());

    expect(csp).toEqual([]);
  },
);

test('75 favourites: the first card dragged one slot right lands second, the track barely scrolls, the order is saved', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await signInSubscriber(page, freshEmail(info, 'quotes75'));
  await dashboardReady(page);
  const names = (await dataAs<{ s: string }[]>(page, '/data/stock-names.json')).body;
  const symbols = [...new Set(names.map((n) => n.s))].slice(0, QUOTES_MAX);
  expect(symbols).toHaveLength(QUOTES_MAX);
  expect((await api(page, 'POST', '/api/quotes', { adds: symbols, deletes: [] })).status).toBe(200);
  await page.reload();
  await dashboardReady(page);
  await expect(cards(page)).toHaveCount(QUOTES_MAX, { timeout: 15_000 });
  const listed = await cardSymbols(page);
  const [first, second] = listed as [string, string];

  const track = quoteWidget(page).locator('.quote-slider__track');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/quotes/reorder') && r.request().method() === 'POST' && r.ok(),
  );
  await dragQuote(page, first, second, false);
  // It was dropped at slot 70 after the track ran 13,012 px.
  await expect.poll(() => cardSymbols(page)).toEqual([second, first, ...listed.slice(2)]);
  expect(await track.evaluate((el) => el.scrollLeft)).toBeLessThan(400);
  await saved;
  const stored = await api<{ symbol: string }[]>(page, 'GET', '/api/quotes');
  expect(stored.body.slice(0, 3).map((q) => q.symbol)).toEqual([second, first, listed[2]]);
});
