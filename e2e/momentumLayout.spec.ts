import { dashboardReady } from './support/dashboard.ts';
import { configSaved } from './support/settings.ts';
import { signInSubscriber } from './support/subscriber.ts';
import { expect, type Page, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

// Issue 27 item 11: the default layout for momentum. On a 1440 × 900 and a 1920 × 1080 screen
// every widget is above the fold and Discovery, in its compact density (off by default, saved
// with the settings), shows at least 15 whole rows with no symbol cut; on a phone the streams come
// first, both within the first screen. Layout decisions: docs/decisions.md "A layout for momentum".

/** Each widget's cell bottom in the page, by widget. */
function cellBottoms(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() =>
    Object.fromEntries(
      Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="cell-"]')).map((e) => {
        const r = e.getBoundingClientRect();
        return [e.dataset.testid?.slice(5) ?? '?', Math.ceil(r.bottom + window.scrollY)];
      }),
    ),
  );
}

/** Discovery rows wholly inside the table's scrolled view, and symbol cells whose text is cut. */
function discoveryView(page: Page): Promise<{ whole: number; cut: string[] }> {
  return page.getByTestId('discovery-scroll').evaluate((scroll) => {
    const view = scroll.getBoundingClientRect();
    const head = scroll.querySelector('thead')?.getBoundingClientRect().bottom ?? view.top;
    const rows = Array.from(scroll.querySelectorAll<HTMLElement>('tbody tr[data-symbol]'));
    const whole = rows.filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= head - 1 && b.bottom <= view.bottom + 1;
    }).length;
    const cut = rows
      .map((r) => r.querySelector('td.dv-sym') as HTMLElement | null)
      .filter((td): td is HTMLElement => !!td && td.scrollWidth > td.clientWidth + 1)
      .map((td) => td.textContent ?? '');
    return { whole, cut };
  });
}

for (const [width, height] of [
  [1440, 900],
  [1920, 1080],
] as const)
  test(`at ${width}×${height} every widget is above the fold and compact Discovery shows ≥ 15 rows`, async ({
    page,
  }, info) => {
    await page.setViewportSize({ width, height });
    await signInSubscriber(page, freshEmail(info, `momentum${width}`));
    await dashboardReady(page);
    const bottoms = await cellBottoms(page);
    expect(Object.keys(bottoms)).toHaveLength(9);
    for (const [widget, bottom] of Object.entries(bottoms))
      expect(bottom, widget).toBeLessThanOrEqual(height);

    const discovery = page.getByTestId('discovery');
    await expect(discovery).toHaveAttribute('data-density', 'standard');
    // Rows have arrived (standard rows: only the dozen in view are in the DOM).
    await expect(discovery.locator('tbody tr[data-symbol]').first()).toBeAttached({ timeout: 20_000 });
    const saved = configSaved(
      page,
      (b) => (b.config as { discoveryDensity?: string }).discoveryDensity === 'compact',
    );
    await discovery.getByRole('button', { name: 'Compact rows' }).click();
    await expect(discovery).toHaveAttribute('data-density', 'compact');
    await expect.poll(async () => (await discoveryView(page)).whole).toBeGreaterThanOrEqual(15);
    expect((await discoveryView(page)).cut).toEqual([]);

    // Saved like other settings: the next visit opens compact.
    await saved;
    await page.reload();
    await dashboardReady(page);
    await expect(page.getByTestId('discovery')).toHaveAttribute('data-density', 'compact');
    await expect(page.getByRole('button', { name: 'Compact rows' })).toHaveAttribute('aria-pressed', 'true');
  });

test('on a phone both streams come first, within the first screen', async ({ page }, info) => {
  // The layout follows the width (the xs breakpoint), so the desktop project proves it at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInSubscriber(page, freshEmail(info, 'momentumphone'));
  await dashboardReady(page);
  const bottoms = await cellBottoms(page);
  const viewport = page.viewportSize()?.height ?? 844;
  const streamsEnd = Math.max(bottoms.stream1 ?? Infinity, bottoms.stream2 ?? Infinity);
  expect(streamsEnd).toBeLessThanOrEqual(viewport);
  const others = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="cell-"]'))
      .filter((e) => !/stream/.test(e.dataset.testid ?? ''))
      .map((e) => Math.floor(e.getBoundingClientRect().top + window.scrollY)),
  );
  for (const top of others) expect(top).toBeGreaterThanOrEqual(streamsEnd);
});
