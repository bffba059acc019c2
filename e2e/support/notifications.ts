import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, type Request, type TestInfo } from '@playwright/test';
import type { AlertsAnswer } from '@tapeline/core';
import { apiAs, dataAs } from './api.ts';
import { openSettings } from './settings.ts';
import { signInSubscriber } from './subscriber.ts';
import { freshEmail } from './users.ts';

// Shared steps of the Notifications tab spec: where its sections are, what the server holds.

/** /settings on the Notifications tab, once the trader's alerts have loaded. */
export async function openNotifications(page: Page): Promise<void> {
  await openSettings(page, 'notifications');
  await expect(page.getByRole('region', { name: 'High/Low', exact: true })).toBeVisible({ timeout: 15_000 });
}

/** A section of the tab by its heading ('Price alerts', 'Halts', …). */
export const section = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

/** The toast that says exactly `text` (besides its Dismiss button). */
export const toast = (page: Page, text: string): Locator =>
  page.getByTestId('toast').filter({ has: page.getByText(text, { exact: true }) });

/** GET /api/alerts as the signed-in trader: what the server stored. */
export async function storedAlerts(page: Page): Promise<AlertsAnswer> {
  const { status, body } = await apiAs<AlertsAnswer>(page, 'GET', '/api/alerts');
  expect(status).toBe(200);
  return body;
}

/**
 * `count` distinct tickers the simulated market lists (the server refuses any other), read from
 * the data host's names as the app reads them, picked at random so runs do not collide.
 */
export async function listedSymbols(page: Page, count: number): Promise<string[]> {
  const names = (await dataAs<{ s: string }[]>(page, '/data/stock-names.json')).body;
  const candidates = names.map((name) => name.s).filter((s) => /^[A-Z]{2,5}$/.test(s));
  const picked: string[] = [];
  while (picked.length < count && candidates.length > 0) {
    const [sym] = candidates.splice(Math.floor(Math.random() * candidates.length), 1);
    if (sym) picked.push(sym);
  }
  if (picked.length < count) throw new Error(`only ${picked.length} listed symbols`);
  return picked;
}

/** The Notifications specs' screenshots, for a look at the layout (.tmp is not committed). */
export const SHOTS = '.tmp/notif-shots';
mkdirSync(SHOTS, { recursive: true });

/** A new trader on `plan`, signed in. */
export async function subscriber(
  page: Page,
  info: TestInfo,
  plan: 'standard' | 'pro' | 'proplus',
): Promise<void> {
  await signInSubscriber(page, freshEmail(info, `notif-${plan}`), plan);
}

/** Counts the requests the page sends that match, from now on. */
export function countRequests(page: Page, match: (r: Request) => boolean): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (match(r)) n += 1;
  });
  return () => n;
}
