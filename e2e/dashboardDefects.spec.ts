import { alertMessages, ruleLabel, STREAM_CATEGORIES } from '@tapeline/core';
import { notificationsText } from '../apps/web/src/features/notifications/notificationsText.ts';
import { cell, dashboardReady, placeOf, toggle } from './support/dashboard.ts';
import { openNotifications, section } from './support/notifications.ts';
import { signInSubscriber } from './support/subscriber.ts';
import { expect, type Locator, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

// The dashboard defects of docs/continuity.md §3, each as the trader would meet it.

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The part of a box that a scrolling strip lets show, or null when none does. */
function clipped(box: Box, by: Box): Box | null {
  const x = Math.max(box.x, by.x);
  const y = Math.max(box.y, by.y);
  const right = Math.min(box.x + box.width, by.x + by.width);
  const bottom = Math.min(box.y + box.height, by.y + by.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return box;
}

test.describe('dashboard defects', () => {
  test.beforeEach(async ({ page }, info) => {
    await signInSubscriber(page, freshEmail(info, 'defects'));
    await dashboardReady(page);
  });

  test('a split at 1440 px leaves the phone layout alone: stream1 stays full width at 390 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const stream1 = cell(page, 'stream1');
    // Dynamic starts split; merge then split again at this width.
    await stream1.getByRole('button', { name: 'Merge streams' }).press('Enter');
    await expect(cell(page, 'stream2')).toHaveCount(0);
    await stream1.getByRole('button', { name: 'Split streams' }).press('Enter');
    await expect(cell(page, 'stream2')).toBeVisible();
    // The momentum layout stacks the desktop streams (issue 27 item 11): stream2 beneath stream1.
    await expect
      .poll(async () => {
        const [a, b] = [await placeOf(page, 'stream1'), await placeOf(page, 'stream2')];
        return b.y >= a.y + a.height && b.x === a.x;
      })
      .toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    const grid = await boxOf(page.getByTestId('dashboard-grid'));
    await expect
      .poll(async () => (await placeOf(page, 'stream1')).width, { timeout: 10_000 })
      .toBeGreaterThan(grid.width - 4);
    const first = await placeOf(page, 'stream1');
    const second = await placeOf(page, 'stream2');
    expect(second.y).toBeGreaterThanOrEqual(first.y + first.height);
  });

  test("at 900 px the top bar keeps 'Log out' on one line", async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 800 });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const logOut = await boxOf(nav.getByRole('button', { name: 'Log out' }));
    const help = await boxOf(nav.getByRole('link', { name: 'Help' }));
    // Same padding and font: two lines would make it taller than the one-word link.
    expect(Math.abs(logOut.height - help.height)).toBeLessThan(2);
    expect(Math.abs(logOut.y - help.y)).toBeLessThan(2);
    const bar = await boxOf(page.locator('.topbar'));
    expect(logOut.x + logOut.width).toBeLessThanOrEqual(bar.x + bar.width);
  });

  test('on a phone the SIMULATED badge sits whole beside the toggles, covers none, and › says they scroll', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const badge = page.locator('.dashboard-bar').getByTestId('simulated');
    await expect(badge).toHaveText('SIMULATED');
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const more = page.getByRole('button', { name: 'More widget toggles' });
    await expect(more).toBeVisible();
    const badgeBox = await boxOf(badge);
    const strip = page.getByRole('group', { name: 'Widgets' });
    const stripBox = await boxOf(strip);
    expect(overlaps(badgeBox, stripBox)).toBe(false);
    for (const toggle of await strip.getByRole('button').all()) {
      const shown = clipped(await boxOf(toggle), stripBox);
      if (shown) expect(overlaps(shown, badgeBox)).toBe(false);
    }
    await more.click();
    await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  test('a pop-out of a locked layout comes back about 500 ms after it closed', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // From the keyboard: the phone project's page may still be settling into the wider viewport
    // (a pointer click then lands on whatever moves over the button).
    await page.locator('.layout-menu-btn').press('Enter');
    await page
      .getByRole('list', { name: 'Layouts' })
      .getByRole('button', { name: 'Primary', exact: true })
      .press('Enter');
    await expect(page.locator('.dashboard-page')).toHaveAttribute('data-layout', 'primary');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      cell(page, 'popular').getByRole('button', { name: 'Pop out Popular' }).press('Enter'),
    ]);
    await expect(popup.getByTestId('popout-popular')).toBeVisible();
    // The moment the dashboard asks for the window again, on the page's own clock (the test
    // runner's round trips would add their own latency).
    await page.evaluate(() => {
      const open = window.open.bind(window);
      window.open = (...args) => {
        (window as unknown as { reopenedAt: number }).reopenedAt = Date.now();
        return open(...args);
      };
    });
    const reopened = page.waitForEvent('popup', { timeout: 5000 });
    // The window closes itself, as a trader's click on its close box does (pagehide runs).
    const closedAt = await popup.evaluate(() => {
      const at = Date.now();
      window.close();
      return at;
    });
    await expect((await reopened).getByTestId('popout-popular')).toBeVisible();
    const elapsed =
      (await page.evaluate(() => (window as unknown as { reopenedAt: number }).reopenedAt)) - closedAt;
    // Not before the 500 ms debounce (a few ms of slack for two processes' clock readings). No
    // upper bound beyond the 5 s wait: a loaded machine runs the timer late (671–999 ms seen),
    // which says nothing about the dashboard.
    expect(elapsed).toBeGreaterThanOrEqual(490);
  });

  test('toasts never cover the search: several stacked, at 1440 × 900 and on a 390 × 844 phone', async ({
    page,
  }) => {
    // Six saves and three measures after the shared sign-in: on a loaded 2-core machine the
    // sign-in alone took 53 s of the default 60.
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    // Toasts cheaply and without the market: each stream category's Hi/Low switch on the
    // Notifications tab says 'Hi/low alert added for <category>' (§8).
    await openNotifications(page);
    const highLow = section(page, notificationsText.sections.highLow);
    // The toasts' own 5 s timers wait while they are raised and measured: the page's clock is
    // faked from here (timers set from now on) and moves only as the test says.
    await page.clock.install();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const toasts = page.getByTestId('toast');
    for (const category of STREAM_CATEGORIES) {
      const name = notificationsText.streamCategories[category];
      await highLow.getByRole('switch', { name, exact: true }).press('Space');
      const said = alertMessages.added(ruleLabel('trade', category), name);
      // Timers of 0 ms (the query cache's notifications) run as the clock is moved on a little.
      await expect
        .poll(async () => {
          await page.clock.runFor(20);
          return toasts.filter({ hasText: said }).count();
        })
        .toBe(1);
    }

    const clear = async (search: Locator, what: string) => {
      const searchBox = await boxOf(search);
      // Several stacked (the app lane shows its newest four of the six).
      const shown = await toasts.all();
      expect(shown.length, what).toBeGreaterThanOrEqual(3);
      for (const box of [await boxOf(page.locator('.toasts')), ...(await Promise.all(shown.map(boxOf)))]) {
        expect(overlaps(box, searchBox), `${what}: a toast over the search`).toBe(false);
      }
    };
    await clear(page.getByTestId('symbol-search'), '1440 × 900');
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the search is the top bar's button, and once opened its full-width field.
    const open = page.locator('.topbar').getByRole('button', { name: 'Search', exact: true });
    await clear(open, '390 × 844, closed');
    await open.press('Enter');
    await clear(page.getByRole('combobox', { name: 'Search symbol or @user' }), '390 × 844, open');
  });

  test('a toggle turned off from the keyboard, still focused, does not look on', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // Dynamic, the default layout, is unlocked and shows Popular and the streams.
    const popular = toggle(page, 'POPULAR');
    await expect(popular).toHaveAttribute('aria-pressed', 'true');
    await popular.focus();
    await page.keyboard.press('Space');
    await expect(popular).toHaveAttribute('aria-pressed', 'false');
    await expect(popular).toBeFocused();
    const looks = (button: Locator) =>
      button.evaluate((el) => {
        const style = getComputedStyle(el);
        const mark = getComputedStyle(el, '::before');
        return {
          fill: style.backgroundColor,
          text: style.color,
          mark: mark.content === 'none' ? 'no mark' : mark.backgroundColor,
          ring: style.outlineStyle,
        };
      });
    const off = await looks(popular);
    const on = await looks(toggle(page, 'STREAM'));
    // The focus shows (a ring) …
    expect(off.ring).not.toBe('none');
    // … and none of what says "on": the lit mark, the fill, the bright text.
    expect(on.mark).not.toBe('no mark');
    expect(off.mark).not.toBe(on.mark);
    expect(off.fill).not.toBe(on.fill);
    expect(off.text).not.toBe(on.text);
  });
});
