import { expect, test } from '@playwright/test';
import { watchCsp } from './support/cspWatch.ts';
import {
  cell,
  chooseLayout,
  dashboardReady,
  dragBy,
  layoutSaved,
  layoutSavesQuiet,
  openLayoutMenu,
  placeOf,
  settledPlaceOf,
  toggle,
} from './support/dashboard.ts';
import { PHONE } from './support/projects.ts';
import { signInSubscriber } from './support/subscriber.ts';
import { freshEmail } from './support/users.ts';

test.describe('the dashboard grid', () => {
  let cspViolations: string[] = [];
  test.beforeEach(async ({ page }, info) => {
    cspViolations = watchCsp(page);
    await signInSubscriber(page, freshEmail(info, 'grid'));
    await dashboardReady(page);
  });
  // Sign-up, verification, billing and the whole grid ran under the served CSP.
  test.afterEach(() => {
    expect(cspViolations).toEqual([]);
  });

  test(
    'switching layouts, a locked layout refuses toggles, unlock, reset',
    PHONE,
    async ({ page, isMobile }) => {
      // Dynamic is active and unlocked: POPULAR hides the Popular widget.
      await expect(page.locator('.dashboard-page')).toHaveAttribute('data-layout', 'dynamic');
      await expect(cell(page, 'popular')).toBeAttached();
      await toggle(page, 'POPULAR').click();
      await expect(cell(page, 'popular')).toHaveCount(0);
      if (isMobile) {
        // At 768 px and below there is no layout menu (spec §2): the phone keeps its active layout.
        await expect(page.locator('.layout-menu-btn')).toBeHidden();
        return;
      }

      // Primary is locked: no toggles, no drag handles, and its own widgets untouched.
      await chooseLayout(page, 'Primary');
      await expect(page.getByTestId('layout-locked')).toBeVisible();
      await expect(page.getByRole('group', { name: 'Widgets' })).toHaveCount(0);
      await expect(page.locator('.widget-drag')).toHaveCount(0);
      await expect(cell(page, 'popular')).toBeVisible();

      // Unlocking Primary brings the toggles back.
      const menu = await openLayoutMenu(page);
      await menu.getByRole('button', { name: 'Unlock Primary' }).click();
      await expect(page.getByRole('group', { name: 'Widgets' })).toBeVisible();

      // Back on Dynamic, Popular is still hidden; reset restores it.
      await chooseLayout(page, 'Dynamic');
      await expect(cell(page, 'popular')).toHaveCount(0);
      const again = await openLayoutMenu(page);
      await again.getByRole('button', { name: 'Reset Dynamic' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Reset', exact: true }).click();
      await expect(cell(page, 'popular')).toBeVisible();
    },
  );

  test('maximise shows one widget, and restores the grid', async ({ page }) => {
    await cell(page, 'alerts').getByRole('button', { name: 'Maximise Alerts' }).click();
    const maximized = page.getByTestId('maximized');
    await expect(maximized).toBeVisible();
    await expect(maximized.getByRole('region', { name: 'Alerts' })).toBeVisible();
    await expect(page.getByTestId('dashboard-grid')).toHaveCount(0);
    await maximized.getByRole('button', { name: 'Restore Alerts' }).click();
    await expect(page.getByTestId('dashboard-grid')).toBeVisible();
  });

  test('drag and resize survive a reload', PHONE, async ({ page, isMobile }) => {
    const before = await placeOf(page, 'alerts');
    const saves = layoutSavesQuiet(page);
    const saved = layoutSaved(page);
    // Desktop: over the streams on the left edge. Phone (one column): up above the widget before it.
    await dragBy(
      page,
      cell(page, 'alerts').locator('.widget-drag'),
      isMobile ? 0 : -before.x,
      isMobile ? -380 : 0,
    );
    await dragBy(page, cell(page, 'alerts').locator('.react-resizable-handle-se'), 40, 120);
    await saved;
    const after = await settledPlaceOf(page, 'alerts');
    expect(Math.abs(after.x - before.x) + Math.abs(after.y - before.y)).toBeGreaterThan(100);
    expect(after.height).toBeGreaterThan(before.height + 60);
    // Let the resize's own save land too, then reload.
    await saves.settled();
    await page.reload();
    await dashboardReady(page);
    expect(await settledPlaceOf(page, 'alerts')).toEqual(after);
  });

  test('a pop-out opens with only its widget', async ({ page }) => {
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      cell(page, 'popular').getByRole('button', { name: 'Pop out Popular' }).click(),
    ]);
    await expect(popup).toHaveURL(/\/popout\/popular$/);
    await expect(popup.getByTestId('popout-popular')).toBeVisible();
    await expect(popup).toHaveTitle('Tapeline — Popular', { timeout: 10_000 });
    await expect(popup.locator('.topbar')).toHaveCount(0);
    await expect(popup.locator('[data-widget]')).toHaveCount(1);
    // The dashboard keeps the widget's place and says where it went.
    await expect(cell(page, 'popular').getByText('Open in its own window.')).toBeVisible();
  });

  test('a pop-out closed while its layout is locked comes back; unlocked, its cell takes the widget back', async ({
    page,
    isMobile,
  }) => {
    const popOut = () =>
      Promise.all([
        page.waitForEvent('popup'),
        cell(page, 'popular').getByRole('button', { name: 'Pop out Popular' }).click(),
      ]).then(([popup]) => popup);
    // Dynamic is unlocked: closing the window gives the grid its widget back.
    const first = await popOut();
    await expect(cell(page, 'popular').getByText('Open in its own window.')).toBeVisible();
    await first.close();
    await expect(cell(page, 'popular').getByText('Open in its own window.')).toHaveCount(0, {
      timeout: 5000,
    });
    if (isMobile) return; // no layout menu at this width, so no locked layout to switch to
    await chooseLayout(page, 'Primary');
    const locked = await popOut();
    const reopened = page.waitForEvent('popup', { timeout: 5000 });
    await locked.close();
    const again = await reopened;
    await expect(again).toHaveURL(/\/popout\/popular$/);
    await expect(again.getByTestId('popout-popular')).toBeVisible();
  });

  test('a blocked pop-out window shows the banner with a Help link', async ({ page }) => {
    // What a pop-up blocker does: window.open answers null.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.reload();
    await dashboardReady(page);
    await cell(page, 'popular').getByRole('button', { name: 'Pop out Popular' }).click();
    const banner = page.getByTestId('popup-blocked');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: /^Help \(Chrome\)$/ })).toHaveAttribute(
      'href',
      /support\.google\.com/,
    );
  });

  test('on a Sunday evening the default simulator, trading at its bell, is never called closed', async ({
    page,
  }) => {
    // The browser's clock on a Sunday evening and no live socket (no batch to say "live"): only
    // the server's market clock keeps the widget open. Any frame of the closed state is recorded.
    await page.routeWebSocket(/\/socket\.io\//, () => {});
    await page.clock.setFixedTime(new Date('2026-11-22T23:30:00Z'));
    await page.addInitScript(() => {
      const seen = () => {
        if (document.querySelector('.market-closed')) document.documentElement.dataset.sawClosed = 'yes';
      };
      new MutationObserver(seen).observe(document, { subtree: true, childList: true });
    });
    await page.reload();
    await dashboardReady(page);
    const stream = cell(page, 'stream1');
    await expect(stream.getByRole('table', { name: 'High stream' })).toBeVisible();
    await expect(stream.getByText('MARKET IS CURRENTLY CLOSED')).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveAttribute('data-saw-closed', 'yes');
  });

  test('with the market closed, LOAD RECENT fills the stream from the backlog', async ({ page }) => {
    // No live socket and a server whose market clock says Saturday: the stream shows the closed
    // state (the web reads the server's clock, never the browser's).
    await page.routeWebSocket(/\/socket\.io\//, () => {});
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      json.market = { ...json.market, clock: { at: Date.parse('2026-11-21T17:00:00Z'), rate: 1 } };
      await route.fulfill({ response, json });
    });
    await page.reload();
    await dashboardReady(page);
    const stream = cell(page, 'stream1');
    await expect(stream.getByText('MARKET IS CURRENTLY CLOSED')).toBeVisible();
    await expect(stream.getByText(/^OPENS IN \d{2}:\d{2}:\d{2}$/)).toBeVisible();
    await stream.getByRole('button', { name: 'LOAD RECENT' }).click();
    await expect(stream.getByText('MARKET IS CURRENTLY CLOSED')).toHaveCount(0);
    await expect(
      stream.getByRole('table', { name: 'High stream' }).locator('tbody tr').first(),
    ).toBeVisible();
  });
});

test('DISCOVERY asks a Standard subscriber to upgrade; OK goes to the Plan tab', async ({ page }, info) => {
  await signInSubscriber(page, freshEmail(info, 'standard'), 'standard');
  await dashboardReady(page);
  await toggle(page, 'DISCOVERY').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog.getByText('Only available with Pro plan - Upgrade?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await toggle(page, 'DISCOVERY').click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/profile\/plan$/);
});
