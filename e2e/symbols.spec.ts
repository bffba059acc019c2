import { messages } from '@tapeline/core';
import { watchExtraContext } from './support/cspWatch.ts';
import { dashboardReady } from './support/dashboard.ts';
import { PHONE } from './support/projects.ts';
import { PASSWORD, signInSubscriber } from './support/subscriber.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

/** The search dropdown's list: Discovery's timeframe <select> has options of its own on the dashboard. */
const searchResults = (page: Page) => page.locator('.search-results');

const highLinks = (page: Page): Locator =>
  page
    .getByRole('region', { name: 'Main Stream' })
    .getByRole('table', { name: 'High stream' })
    .locator('.symbol-link');

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const searchBox = (page: Page): Locator => page.getByRole('combobox', { name: 'Search symbol or @user' });

/** On a phone the search is a button in the top bar that opens a full-screen search bar. */
async function openSearch(page: Page, isMobile: boolean): Promise<Locator> {
  if (isMobile) {
    await expect(searchBox(page)).toBeHidden();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const bar = page.getByTestId('symbol-search');
    const box = await bar.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.width === viewport.width && box.height === viewport.height).toBe(true);
  } else {
    await searchBox(page).click();
  }
  await expect(searchBox(page)).toBeFocused();
  return searchBox(page);
}

/** The popularity count a symbol click or a search choice sends. */
const countRequest = (page: Page, symbol?: string) =>
  page.waitForRequest(
    (r) =>
      r.method() === 'POST' &&
      (symbol
        ? r.url().endsWith(`/api/stock_stats/inc/${symbol}`)
        : r.url().includes('/api/stock_stats/inc/')),
  );

/** Resolves right after the stream repaints: the next 2-second flush is then as far away as it gets. */
function afterStreamFlush(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const table = document.querySelector('[aria-label="High stream"] tbody');
        if (!table) throw new Error('no High stream table');
        const observer = new MutationObserver(() => {
          observer.disconnect();
          resolve();
        });
        observer.observe(table, { childList: true, subtree: true, characterData: true });
      }),
  );
}

/** The data host's stock names, read with the signed-in user's own tokens. */
async function companyNames(page: Page): Promise<Map<string, string>> {
  const access = await page.evaluate(
    () => sessionStorage.getItem('tapeline.token') ?? localStorage.getItem('tapeline.token'),
  );
  const login = await page.request.post('/api/auth/ds/login', {
    headers: { Authorization: `Bearer ${access}` },
  });
  const { token } = (await login.json()) as { token: string };
  const names = await page.request.get('/data/stock-names.json', {
    headers: { Authorization: `Bearer ${token}` },
  });
  return new Map(((await names.json()) as { s: string; n: string }[]).map((e) => [e.s, e.n]));
}

async function expectInsideViewport(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no box');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

test.describe('symbols everywhere', () => {
  let email = '';
  test.beforeEach(async ({ page }, info) => {
    email = freshEmail(info, 'symbols');
    await signInSubscriber(page, email);
    await dashboardReady(page);
    await expect(highLinks(page).first()).toBeVisible({ timeout: 15_000 });
  });

  test('right-click opens the symbol menu; Money flow and Volume popups; Escape and outside clicks close', async ({
    page,
    context,
  }) => {
    const counted = countRequest(page);
    // The rows move with every flush: right-click whichever is first and read the symbol off the menu.
    await highLinks(page).first().click({ button: 'right' });
    const menu = page.getByTestId('symbol-menu');
    await expect(menu).toBeVisible();
    const symbol = (await menu.getAttribute('data-symbol')) ?? '';
    expect(symbol).toMatch(/^[A-Z][A-Z0-9.-]*$/);
    await expect(page.getByRole('menu', { name: `${symbol} actions` })).toBeVisible();
    // The click counted toward popularity.
    expect((await counted).url()).toMatch(new RegExp(`/api/stock_stats/inc/${symbol}$`));

    const items = menu.getByRole('menuitem');
    await expect(items).toHaveText(['Copy symbol', 'Money flow', 'Volume', 'Chart', 'Add alert']);
    await expect(items.first()).toBeFocused();
    const addAlert = menu.getByRole('menuitem', { name: 'Add alert' });
    await expect(addAlert).not.toHaveAttribute('aria-disabled', 'true');
    await expectInsideViewport(page, menu);

    // Keyboard: arrows move through the items, Escape closes.
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Money flow' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(addAlert).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // Copy symbol puts the symbol on the clipboard.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await highLinks(page).first().click({ button: 'right' });
    const copied = (await menu.getAttribute('data-symbol')) ?? '';
    await menu.getByRole('menuitem', { name: 'Copy symbol' }).click();
    await expect(page.getByText(`${copied} copied`)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(copied);
    await expect(menu).toBeHidden();

    // Money flow is a Pro Plus figure: a Pro subscriber's popup says the data is unavailable.
    await highLinks(page).first().click({ button: 'right' });
    await expect(menu).toBeVisible();
    const menuSymbol = (await menu.getAttribute('data-symbol')) ?? '';
    await menu.getByRole('menuitem', { name: 'Money flow' }).click();
    const flow = page.getByRole('dialog', { name: `${menuSymbol} Money flow` });
    await expect(flow).toBeVisible();
    await expect(flow.getByText(messages.dataUnavailable)).toBeVisible();
    await expect(menu).toBeHidden(); // one menu at a time
    await page.keyboard.press('Escape');
    await expect(flow).toBeHidden();

    // Volume: the per-timeframe table, or Data unavailable. when the host has nothing yet.
    await highLinks(page).first().click({ button: 'right' });
    const volumeSymbol = (await menu.getAttribute('data-symbol')) ?? '';
    await menu.getByRole('menuitem', { name: 'Volume' }).click();
    const volume = page.getByRole('dialog', { name: `${volumeSymbol} Volume` });
    await expect(volume.getByRole('table').or(volume.getByText(messages.dataUnavailable))).toBeVisible();
    if (await volume.getByRole('table').isVisible()) {
      await expect(volume.getByRole('rowheader').first()).toHaveText(/^\d+[mhDWM]$/);
    }
    await expectInsideViewport(page, volume);
    // A press outside (on the plan badge, which does nothing) closes it.
    await page.locator('.topbar .tier-badge').click();
    await expect(volume).toBeHidden();
  });

  test(
    'search a streamed symbol, choose it: its menu opens at the search box',
    PHONE,
    async ({ page, isMobile }) => {
      const symbol = (await highLinks(page).first().textContent()) ?? '';
      expect(symbol).not.toBe('');
      const box = await openSearch(page, isMobile);
      // A typed search of up to 6 characters counts toward popularity after a 2-second pause.
      const typedCount = countRequest(page, symbol);
      const typedAt = Date.now();
      await box.fill(symbol.toLowerCase());
      const options = searchResults(page).getByRole('option');
      // The exact symbol comes first, with its company name.
      await expect(options.first().locator('.search-option__symbol')).toHaveText(symbol);
      await expect(options.first()).toHaveAttribute('aria-selected', 'true');
      expect(await options.count()).toBeLessThanOrEqual(50);
      await typedCount;
      expect(Date.now() - typedAt).toBeGreaterThanOrEqual(1900);

      const counted = countRequest(page, symbol);
      await box.press('Enter');
      await counted;
      const menu = page.getByRole('menu', { name: `${symbol} actions` });
      await expect(menu).toBeVisible();
      await expectInsideViewport(page, menu);
      await expect(searchResults(page).getByRole('option')).toHaveCount(0);
      if (isMobile) await expect(page.getByTestId('symbol-search')).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();

      // Nothing matches: NO RESULTS FOUND; Escape closes the dropdown.
      const again = await openSearch(page, isMobile);
      await again.fill('qqqqqq');
      await expect(page.getByTestId('search-note')).toHaveText(messages.noResults);
      await again.press('Escape');
      await expect(page.getByTestId('search-note')).toBeHidden();
    },
  );

  test('@ searches users from 3 characters; the exact username comes first', async ({ page, isMobile }) => {
    const username = `sym${Date.now().toString(36)}${isMobile ? 'm' : 'd'}`;
    await page.goto('/profile/profile');
    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(messages.profileUpdated)).toBeVisible();
    await page.goto('/dashboard');
    await dashboardReady(page);

    const box = await openSearch(page, isMobile);
    await box.fill(`@${username.slice(0, 2)}`);
    await expect(page.getByTestId('search-note')).toHaveText('Type at least 3 characters after @');
    await expect(searchResults(page).getByRole('option')).toHaveCount(0);

    await box.fill(`@${username.slice(0, 3)}`);
    await expect(
      searchResults(page).getByRole('option', { name: `@${username}`, exact: true }),
    ).toBeVisible();

    await box.fill(`@${username.toUpperCase()}`);
    await expect(searchResults(page).getByRole('option').first()).toHaveText(`@${username}`);
    await searchResults(page).getByRole('option').first().click();
    await expect(searchResults(page).getByRole('option')).toHaveCount(0);
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('resting the pointer on a symbol shows its badge and company name', async ({ page }) => {
    const names = await companyNames(page);
    await afterStreamFlush(page);
    const link = highLinks(page).first();
    const symbol = (await link.textContent()) ?? '';
    await link.hover();
    const hover = page.getByTestId('symbol-hover');
    await expect(hover).toBeVisible();
    await expect(hover.locator('.symbol-hover__symbol')).toHaveText(symbol);
    // No SYMBOL_ICON_URL in this run: the lettered badge stands in for the icon.
    await expect(hover.getByTestId('symbol-badge')).toHaveText(symbol.replace(/[^A-Z0-9]/g, '').slice(0, 2));
    await expect(hover.getByTestId('symbol-icon')).toHaveCount(0);
    const name = names.get(symbol);
    expect(name).toBeTruthy();
    await expect(hover.locator('.symbol-hover__name')).toHaveText(name ?? '');
    await expectInsideViewport(page, hover);
    // Moving away hides it.
    await page.mouse.move(2, 2);
    await expect(hover).toBeHidden();
  });

  test('on iPhone Safari a toast explains Add to Home Screen, once per session', async ({
    browser,
    page,
  }) => {
    const toast = page.getByText('Add Tapeline to your Home Screen', { exact: false });
    await expect(toast).toHaveCount(0); // not this browser

    const iphone = await browser.newContext({
      userAgent: IPHONE_SAFARI,
      viewport: { width: 390, height: 844 },
    });
    await watchExtraContext(iphone);
    const phone = await iphone.newPage();
    await phone.goto('/login');
    await phone.getByLabel('Email').fill(email);
    await phone.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await phone.getByRole('button', { name: 'Log in' }).click();
    await expect(phone).toHaveURL(/\/dashboard$/);
    const hint = phone.getByText('Add Tapeline to your Home Screen: tap Share, then Add to Home Screen');
    await expect(hint).toBeVisible();
    await expect(hint).toBeHidden({ timeout: 8000 }); // a 5-second toast
    await phone.reload();
    await dashboardReady(phone);
    await phone.waitForTimeout(1000);
    await expect(hint).toHaveCount(0);
    await iphone.close();
  });
});
