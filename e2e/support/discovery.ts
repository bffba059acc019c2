import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { dashboardReady, toggle } from './dashboard.ts';

// The Discovery widget on the dashboard, for the Discovery specs.

export const widget = (page: Page): Locator => page.locator('section[data-widget="discovery"]');
export const table = (page: Page): Locator => widget(page).getByRole('table', { name: 'Discovery' });
export const header = (page: Page, label: string): Locator =>
  table(page)
    .locator('th')
    .filter({ has: page.getByRole('button', { name: new RegExp(`^${label}`) }) });

/** Rows the table lists (shown, not only in view): aria-rowcount less the header row. */
export async function rowCount(page: Page): Promise<number> {
  return Number(await table(page).getAttribute('aria-rowcount')) - 1;
}

/** Discovery maximised (the whole grid: room for the toolbar and rows), its rows loaded. */
export async function openDiscovery(page: Page): Promise<void> {
  await dashboardReady(page);
  if (!(await widget(page).isVisible())) await toggle(page, 'DISCOVERY').click();
  // Maximised stays maximised across a reload (it is part of the saved layout).
  const maximise = widget(page).getByRole('button', { name: 'Maximise Discovery' });
  if (await maximise.isVisible()) await maximise.click();
  await expect(table(page).locator('tbody tr[data-symbol]').first()).toBeVisible({ timeout: 30_000 });
}

/** A downloaded Discovery CSV: its header and its rows by column name, in table order. */
export interface Csv {
  header: string[];
  rows: Record<string, string>[];
}

export async function downloadCsv(page: Page, full = false): Promise<Csv> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    widget(page)
      .getByRole('button', { name: full ? 'Full CSV' : 'CSV', exact: true })
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^discovery-.+\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  const [head = '', ...lines] = text.trimEnd().split('\r\n');
  const header = head.split(',');
  return { header, rows: lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [header[i], v]))) };
}
