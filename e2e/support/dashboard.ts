import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { phaseAt } from '@tapeline/market';

/** The dashboard once its saved layout is restored (the spinner shows until then). */
export async function dashboardReady(page: Page): Promise<void> {
  await expect(page.getByTestId('layout-spinner')).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId('dashboard-grid').or(page.getByTestId('maximized'))).toBeVisible();
}

export const cell = (page: Page, widget: string): Locator => page.getByTestId(`cell-${widget}`);
export const toggle = (page: Page, name: string): Locator =>
  page.getByRole('group', { name: 'Widgets' }).getByRole('button', { name: new RegExp(`^${name}`) });

export async function openLayoutMenu(page: Page): Promise<Locator> {
  const button = page.locator('.layout-menu-btn');
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  return page.getByRole('list', { name: 'Layouts' });
}

export async function chooseLayout(page: Page, label: string): Promise<void> {
  const menu = await openLayoutMenu(page);
  await menu.getByRole('button', { name: label, exact: true }).click();
  await expect(page.locator('.dashboard-page')).toHaveAttribute('data-layout', label.toLowerCase());
}

/** Waits for the debounced layout save to reach the server. */
export function layoutSaved(page: Page) {
  return page.waitForResponse(
    (r) => r.url().endsWith('/api/settings/dashboard/layout') && r.request().method() === 'POST' && r.ok(),
  );
}

/** A widget's box relative to the grid, rounded: independent of scrolling. */
export async function placeOf(page: Page, widget: string) {
  const grid = await page.getByTestId('dashboard-grid').boundingBox();
  const box = await cell(page, widget).boundingBox();
  if (!grid || !box) throw new Error(`no box for ${widget}`);
  return {
    x: Math.round(box.x - grid.x),
    y: Math.round(box.y - grid.y),
    width: Math.round(box.width),
    height: Math.round(box.height),
  };
}

/** A widget's box once it has stopped moving (the grid animates items into place). */
export async function settledPlaceOf(page: Page, widget: string) {
  let last = await placeOf(page, widget);
  await expect
    .poll(
      async () => {
        const now = await placeOf(page, widget);
        const same = JSON.stringify(now) === JSON.stringify(last);
        last = now;
        return same;
      },
      { timeout: 10_000, intervals: [150] },
    )
    .toBe(true);
  return last;
}

/**
 * Resolves once layout saves have gone quiet: none in flight and none started for `quietMs`
 * (longer than the 1 s save debounce), so the last change is on the server whatever the load.
 */
export function layoutSavesQuiet(page: Page, quietMs = 2500) {
  const isSave = (url: string, method: string) =>
    url.endsWith('/api/settings/dashboard/layout') && method === 'POST';
  let inFlight = 0;
  let lastEvent = Date.now();
  page.on('request', (r) => {
    if (!isSave(r.url(), r.method())) return;
    inFlight += 1;
    lastEvent = Date.now();
  });
  const done = (r: { url(): string; method(): string }) => {
    if (!isSave(r.url(), r.method())) return;
    inFlight -= 1;
    lastEvent = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    /** Counts quiet from now too: a change just made is saved after the debounce. */
    async settled() {
      lastEvent = Date.now();
      await expect
        .poll(() => inFlight === 0 && Date.now() - lastEvent > quietMs, { timeout: 20_000, intervals: [200] })
        .toBe(true);
    },
  };
}

/** Presses on a handle, moves by (dx, dy) in steps, releases, and lets the grid settle. */
export async function dragBy(page: Page, handle: Locator, dx: number, dy: number): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  if (!box) throw new Error('handle not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 12 });
  await page.mouse.move(x + dx, y + dy, { steps: 12 });
  await page.mouse.up();
  await page.waitForTimeout(400); // the grid animates items into place
}

/**
 * The browser's clock set to the latest moment, up to now, when the US market was in session
 * (weekends and holidays stepped back over), running from there. A test whose claim holds while
 * the market is open (rows rather than the closed screen) then passes on a Sunday too.
 */
export async function inMarketHours(context: BrowserContext): Promise<void> {
  const HOUR = 3_600_000;
  let t = Date.now();
  while (phaseAt(t) !== 'regular') t -= HOUR;
  await context.clock.install({ time: t });
}
