import { expect, type Locator, type Page } from '@playwright/test';

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
