import { expect, type Locator, type Page, type Response } from '@playwright/test';

/** /settings on a tab (and stream channel), once the settings store has loaded. */
export async function openSettings(page: Page, tab: string, channel?: string): Promise<void> {
  await page.goto(`/settings?tab=${tab}${channel ? `&channel=${channel}` : ''}`);
  await expect(page.getByTestId(`settings-tab-${tab}`)).toBeVisible();
  await expect(page.getByTestId('settings-spinner')).toBeHidden({ timeout: 15_000 });
}

interface SavedConfig {
  config: { stream: { channel: string; type: string; value: { custom_view: string[] } & object }[] };
}

/** Waits for the debounced config save (2 s) that satisfies `match` to reach the server. */
export function configSaved(
  page: Page,
  match: (body: SavedConfig) => boolean = () => true,
): Promise<Response> {
  return page.waitForResponse(
    (r) => {
      if (!r.url().endsWith('/api/settings/config') || r.request().method() !== 'POST' || !r.ok())
        return false;
      return match(r.request().postDataJSON() as SavedConfig);
    },
    { timeout: 15_000 },
  );
}

export const mainStream = (page: Page): Locator => page.getByRole('region', { name: 'Main Stream' });

export const streamRows = (page: Page, side: 'High' | 'Low'): Locator =>
  mainStream(page)
    .getByRole('table', { name: `${side} stream` })
    .locator('tbody tr');

/** The Last column (3rd cell) of every row the Main Stream shows, both sides. */
export async function lastPrices(page: Page): Promise<number[]> {
  const cells = [
    ...(await streamRows(page, 'High').locator('td:nth-child(3)').allInnerTexts()),
    ...(await streamRows(page, 'Low').locator('td:nth-child(3)').allInnerTexts()),
  ];
  return cells.map(Number);
}

/** Real tickers of the simulated market, read off the Main Stream once rows arrive. */
export async function streamSymbols(page: Page, count: number): Promise<string[]> {
  const rows = streamRows(page, 'High');
  await expect(rows.nth(count - 1)).toBeVisible({ timeout: 15_000 });
  const symbols = await rows.locator('td:nth-child(1)').allInnerTexts();
  return [...new Set(symbols.map((s) => s.trim()))].slice(0, count);
}
