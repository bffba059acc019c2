import { discoveryMessages } from '@tapeline/core';
import { apiAs as api } from './support/api.ts';
import { dashboardReady, toggle } from './support/dashboard.ts';
import { type Csv, downloadCsv, header, openDiscovery, rowCount, widget } from './support/discovery.ts';
import { signInSubscriber } from './support/subscriber.ts';
import { expect, type Page, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

// Discovery on the embedded defaults (simulated market, 2000 symbols). Sort orders are read from
// the CSV download: it lists the table's rows in table order with raw numbers, so one file shows
// a whole order, where the virtualised table only has the rows in view.

const num = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));

/** The values of a column, in file order, as numbers (null when empty). */
const column = (csv: Csv, name: string) => csv.rows.map((r) => num(r[name]));

/** Each value of `xs` (nulls ignored) is ≥ (desc) or ≤ (asc) the next one. */
function ordered(xs: (number | null)[], dir: 'asc' | 'desc'): boolean {
  const known = xs.filter((x): x is number => x !== null);
  return known.every(
    (x, i) => i === 0 || (dir === 'desc' ? (known[i - 1] as number) >= x : (known[i - 1] as number) <= x),
  );
}

/** No known value follows an unknown one: unknowns are last. */
const unknownLast = (xs: (number | null)[]) =>
  xs.every((x, i) => i === 0 || x === null || xs[i - 1] !== null);

/** Chooses in the sector picker, opening it first and closing it after (its list covers the toolbar). */
async function chooseSector(page: Page, name: string): Promise<void> {
  const picker = widget(page).getByRole('button', { name: /^Sector:/ });
  if ((await picker.getAttribute('aria-expanded')) !== 'true') await picker.click();
  await widget(page).getByRole('checkbox', { name, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
}

async function sortBy(page: Page, label: string): Promise<void> {
  await header(page, label).getByRole('button').first().click();
}

test('Pro Plus: rows, every sort rule, narrowing, CSV and the pop-out', async ({ page }, info) => {
  test.setTimeout(180_000);
  await signInSubscriber(page, freshEmail(info, 'discovery-pp'), 'proplus');
  await openDiscovery(page);
  await expect.poll(() => rowCount(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(25);
  await expect(widget(page).getByRole('button', { name: /^Upgrade to see/ })).toHaveCount(0);

  // Default: price_dist (Change %) descending, unknown last; the CSV has every column.
  await expect(header(page, 'Last')).toHaveAttribute('aria-sort', 'descending');
  let csv = await downloadCsv(page);
  for (const name of [
    'Symbol',
    'Money Flow',
    'Short Ratio',
    'Squeeze',
    'ATR %',
    'Trend',
    'Gap $',
    'VWAPDist',
  ])
    expect(csv.header).toContain(name);
  expect(csv.rows.length).toBeLessThanOrEqual(1000);
  expect(csv.rows.length).toBeGreaterThanOrEqual(25);
  expect(ordered(column(csv, 'Change %'), 'desc')).toBe(true);
  expect(unknownLast(column(csv, 'Change %'))).toBe(true);
  // vWAP with 4 decimals.
  const vwap = csv.rows.map((r) => r.VWAPDist).find((v) => v !== '');
  expect(vwap).toMatch(/^-?\d+\.\d{4}$/);

  // Float: a new column starts descending, positives first; the same column toggles.
  await sortBy(page, 'Float');
  await expect(header(page, 'Float')).toHaveAttribute('aria-sort', 'descending');
  csv = await downloadCsv(page);
  const floats = column(csv, 'Float');
  const firstNonPositive = floats.findIndex((f) => f === null || f <= 0);
  expect(ordered(floats.slice(0, firstNonPositive < 0 ? undefined : firstNonPositive), 'desc')).toBe(true);
  expect(
    floats.slice(firstNonPositive < 0 ? floats.length : firstNonPositive).every((f) => f === null || f <= 0),
  ).toBe(true);
  await sortBy(page, 'Float');
  await expect(header(page, 'Float')).toHaveAttribute('aria-sort', 'ascending');
  csv = await downloadCsv(page);
  const up = column(csv, 'Float');
  const cut = up.findIndex((f) => f === null || f <= 0);
  expect(ordered(up.slice(0, cut < 0 ? undefined : cut), 'asc')).toBe(true);

  // Volume: non-zero values first.
  await sortBy(page, 'Volume');
  csv = await downloadCsv(page);
  const volumes = column(csv, 'Volume');
  const zeroAt = volumes.findIndex((v) => v === null || v === 0);
  expect(ordered(volumes.slice(0, zeroAt < 0 ? undefined : zeroAt), 'desc')).toBe(true);
  expect(volumes.slice(zeroAt < 0 ? volumes.length : zeroAt).every((v) => v === null || v === 0)).toBe(true);

  // Squeeze: now → pre asc → pre desc → post asc → post desc.
  const lead = (z: (number | null)[], inGroup: (x: number) => boolean) => {
    const end = z.findIndex((x) => x === null || !inGroup(x));
    return z.slice(0, end < 0 ? undefined : end) as number[];
  };
  const squeezeStates: [string, (z: (number | null)[]) => boolean][] = [
    ['now', (z) => !z.slice(lead(z, (x) => x === 0).length).includes(0)],
    [
      'pre_asc',
      (z) =>
        ordered(
          lead(z, (x) => x > 0),
          'asc',
        ),
    ],
    [
      'pre_desc',
      (z) =>
        ordered(
          lead(z, (x) => x > 0),
          'desc',
        ),
    ],
    ['post_asc', (z) => ordered(lead(z, (x) => x < 0).map(Math.abs), 'asc')],
    ['post_desc', (z) => ordered(lead(z, (x) => x < 0).map(Math.abs), 'desc')],
  ];
  for (const [state, holds] of squeezeStates) {
    await sortBy(page, 'Squeeze');
    await expect(header(page, 'Squeeze')).toHaveAttribute('data-sort', state);
    csv = await downloadCsv(page);
    expect(holds(column(csv, 'Squeeze')), `squeeze ${state}`).toBe(true);
    expect(unknownLast(column(csv, 'Squeeze'))).toBe(true);
  }

  // Symbol: descending, then ascending.
  await sortBy(page, 'Symbol');
  await sortBy(page, 'Symbol');
  await expect(header(page, 'Symbol')).toHaveAttribute('aria-sort', 'ascending');
  csv = await downloadCsv(page);
  const names = csv.rows.map((r) => r.Symbol as string);
  expect(names).toEqual([...names].sort());

  // Full export (Pro Plus only): every row, past the 1000 of the plain CSV.
  const full = await downloadCsv(page, true);
  expect(full.rows.length).toBeGreaterThanOrEqual(csv.rows.length);

  // Search: upper-cased, symbols starting with it.
  const prefix = (names[0] as string).slice(0, 1);
  await widget(page).getByRole('searchbox', { name: 'Search symbol' }).fill(prefix.toLowerCase());
  await expect(widget(page).getByRole('searchbox', { name: 'Search symbol' })).toHaveValue(prefix);
  csv = await downloadCsv(page);
  expect(csv.rows.length).toBeGreaterThan(0);
  expect(csv.rows.every((r) => (r.Symbol as string).startsWith(prefix))).toBe(true);
  await widget(page).getByRole('searchbox', { name: 'Search symbol' }).fill('');

  // Sector: one sector lists fewer rows; All brings them back.
  await chooseSector(page, 'TECHNOLOGY');
  await expect
    .poll(async () => (await downloadCsv(page)).rows.length)
    .toBeLessThan(Math.min(full.rows.length, 1000));
  const tech = (await downloadCsv(page)).rows.length;
  await chooseSector(page, 'ENERGY');
  expect((await downloadCsv(page)).rows.length).toBeGreaterThan(tech);
  await chooseSector(page, 'All');

  // Favourites: only the trader's quote symbols.
  const favourites = names.slice(0, 3);
  expect((await api(page, 'POST', '/api/quotes', { adds: favourites, deletes: [] })).status).toBe(200);
  await page.reload();
  await openDiscovery(page);
  await widget(page)
    .getByRole('button', { name: /Favourites/ })
    .click();
  await expect.poll(() => rowCount(page)).toBeLessThanOrEqual(favourites.length);
  csv = await downloadCsv(page);
  expect(csv.rows.every((r) => favourites.includes(r.Symbol as string))).toBe(true);

  // Filters that leave nothing: NO RESULTS FOUND, and CLEAR FILTERS undoes them all.
  await widget(page).getByRole('searchbox', { name: 'Search symbol' }).fill('QQQQQQ');
  await expect(widget(page).getByText(discoveryMessages.noResults)).toBeVisible();
  await widget(page).getByRole('button', { name: discoveryMessages.clearFilters }).click();
  await expect(widget(page).getByRole('button', { name: /Favourites/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect.poll(() => rowCount(page)).toBeGreaterThanOrEqual(25);

  // Timeframe: the rows of another timeframe come from the data host.
  const hourly = page.waitForResponse((r) => r.url().includes('/data/discovery?tf=1hr') && r.ok());
  await widget(page).getByRole('combobox', { name: 'Timeframe' }).selectOption('1hr');
  await hourly;
  await expect.poll(() => rowCount(page)).toBeGreaterThanOrEqual(25);

  // The pop-out shows the same screener on its own.
  await page.goto('/popout/discovery');
  await expect(page.getByTestId('popout-discovery').getByRole('table', { name: 'Discovery' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('popout-discovery').locator('tbody tr[data-symbol]').first()).toBeVisible();
});

test('Pro: the locked columns show upgrade buttons and stay out of the CSV', async ({ page }, info) => {
  test.setTimeout(150_000);
  await signInSubscriber(page, freshEmail(info, 'discovery-pro'), 'pro');
  await openDiscovery(page);
  await expect.poll(() => rowCount(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(25);
  const upgrades = widget(page).getByRole('button', { name: /^Upgrade to see/ });
  await expect(upgrades).toHaveCount(6);
  const csv = await downloadCsv(page);
  expect(csv.rows.length).toBeLessThanOrEqual(1000);
  expect(csv.header).toContain('Symbol');
  for (const locked of ['Money Flow', 'Short Ratio', 'Squeeze', 'ATR %', 'Trend', 'Gap $'])
    expect(csv.header).not.toContain(locked);
  await expect(widget(page).getByRole('button', { name: 'Full CSV' })).toHaveCount(0);
  await upgrades.first().click();
  await expect(page).toHaveURL(/\/profile\/plan$/);
});

test('Standard: DISCOVERY asks to upgrade and the screener never loads', async ({ page }, info) => {
  test.setTimeout(120_000);
  const rowsFetched: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/data/discovery') && r.ok()) rowsFetched.push(r.url());
  });
  await signInSubscriber(page, freshEmail(info, 'discovery-std'), 'standard');
  await dashboardReady(page);
  if (await widget(page).isVisible())
    await expect(widget(page).getByText(discoveryMessages.upgrade)).toBeVisible();
  await toggle(page, 'DISCOVERY').click();
  await expect(page.getByTestId('confirm-dialog').getByText(discoveryMessages.upgrade)).toBeVisible();
  expect(rowsFetched).toEqual([]);
});
