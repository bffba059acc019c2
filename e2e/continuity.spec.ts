import { chooseLayout, dashboardReady, inMarketHours } from './support/dashboard.ts';
import { PHONE } from './support/projects.ts';
import { signInSubscriber } from './support/subscriber.ts';
import { expect, type Page, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

// docs/continuity.md §1: a Stream widget that mounts again shows the rows it showed. The tab
// keeps one view per channel, so maximise, restore and a layout switch show the same rows at
// once, with no request; a pop-out (a new tab) fills from GET /data/stream_bk.

interface Shown {
  seq: string | null;
  highs: string[];
  lows: string[];
}

interface Across {
  before: Shown;
  after: Shown | null;
}

/**
 * Runs `act` in the page right after a flush of the Main stream (so the next one is ~2 s away and
 * no new batch can hide a loss) and reads the symbols shown before and in the remounted widget.
 */
function acrossRemount(page: Page, act: { click: string }): Promise<Across> {
  return page.evaluate(async ({ click }) => {
    const widget = () => document.querySelector<HTMLElement>('[data-testid="stream-stream1"]');
    const side = (w: HTMLElement, name: string) =>
      Array.from(w.querySelectorAll(`table[aria-label="${name}"] tbody tr`)).map(
        (tr) => tr.querySelector('td')?.textContent ?? '',
      );
    const read = (w: HTMLElement): Shown => ({
      seq: w.getAttribute('data-seq'),
      highs: side(w, 'High stream'),
      lows: side(w, 'Low stream'),
    });
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const old = widget();
    if (!old) throw new Error('no Main stream');
    const seq = old.getAttribute('data-seq');
    const start = performance.now();
    while (old.getAttribute('data-seq') === seq && performance.now() - start < 5000) await frame();
    await frame();
    const before = read(old);
    const button = document.querySelector<HTMLButtonElement>(`button[aria-label="${click}"]`);
    if (!button) throw new Error(`no button ${click}`);
    button.click();
    const clicked = performance.now();
    while (performance.now() - clicked < 1500) {
      await frame();
      const now = widget();
      // The virtual tables draw their rows once their scroll box is measured: a frame or two.
      if (now && now !== old && now.querySelector('tbody tr')) {
        await frame();
        return { before, after: read(now) };
      }
    }
    return { before, after: null };
  }, act);
}

/** The rows the smaller of the two boxes draws are the same rows, in the same order. */
function expectSameRows({ before, after }: Across): void {
  expect(after).not.toBeNull();
  if (!after) return;
  expect(after.seq).toBe(before.seq);
  expect(before.highs.length + before.lows.length).toBeGreaterThan(0);
  for (const key of ['highs', 'lows'] as const) {
    const n = Math.min(before[key].length, after[key].length);
    expect(after[key].slice(0, n)).toEqual(before[key].slice(0, n));
    expect(n > 0).toBe(before[key].length > 0);
  }
}

test(
  'maximise, restore and a layout switch show the rows shown before, unasked',
  PHONE,
  async ({ page, isMobile }, info) => {
    await signInSubscriber(page, freshEmail(info, 'continuity'));
    await dashboardReady(page);
    const main = page.getByTestId('stream-stream1');
    await expect(main).toHaveAttribute('data-recent', 'shown');
    await expect(main.getByRole('table', { name: 'High stream' }).locator('tbody tr').first()).toBeVisible({
      timeout: 15_000,
    });

    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/data/stream_bk') asked.push(r.url());
    });

    expectSameRows(await acrossRemount(page, { click: 'Maximise Main Stream' }));
    await expect(page.getByTestId('maximized')).toBeVisible();
    expectSameRows(await acrossRemount(page, { click: 'Restore Main Stream' }));
    await expect(page.getByTestId('dashboard-grid')).toBeVisible();
    if (!isMobile) {
      // Primary holds the Main stream too: its widget is a new mount of the same channel.
      await chooseLayout(page, 'Primary');
      await expect(main.locator('tbody tr').first()).toBeVisible({ timeout: 1_000 });
    }
    expect(asked).toEqual([]);
  },
);

test('a popped-out Stream is a new tab: it fills from the recent view at once', async ({ page }, info) => {
  // While the market is closed a new tab shows the closed screen until a live batch comes.
  await inMarketHours(page.context());
  await signInSubscriber(page, freshEmail(info, 'continuity-popout'));
  await dashboardReady(page);
  await expect(page.getByTestId('stream-stream1').locator('tbody tr').first()).toBeVisible({
    timeout: 15_000,
  });

  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByTestId('cell-stream1').getByRole('button', { name: 'Pop out Main Stream' }).click(),
  ]);
  const recent = popup.waitForResponse((r) => new URL(r.url()).pathname === '/data/stream_bk' && r.ok());
  const popped = popup.getByTestId('stream-stream1');
  await expect(popped).toBeAttached({ timeout: 15_000 });
  await recent;
  // The answer shows as it lands, not at the next 2 s flush.
  await expect(popped).toHaveAttribute('data-recent', 'shown', { timeout: 1_500 });
  await expect(popped.locator('tbody tr').first()).toBeVisible({ timeout: 1_500 });
});
