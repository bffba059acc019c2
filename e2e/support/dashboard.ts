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
