import { cell, dashboardReady } from './support/dashboard.ts';
import { PHONE } from './support/projects.ts';
import { signInSubscriber } from './support/subscriber.ts';
import { expect, type Page, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

// docs/continuity.md §4: the sidebar, the Help page, the shortcut list and the command palette,
// as a subscriber meets them.

const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
const palette = (page: Page) => page.getByTestId('command-palette');

async function openPalette(page: Page): Promise<void> {
  await page.keyboard.press('ControlOrMeta+KeyK');
  await expect(palette(page).getByRole('combobox')).toBeFocused();
}

test.describe('navigation', () => {
  test.beforeEach(async ({ page }, info) => {
    await signInSubscriber(page, freshEmail(info, 'nav'));
    await dashboardReady(page);
  });

  test(
    'the sidebar links Dashboard, Settings, Subscription and the Help page',
    PHONE,
    async ({ page, isMobile }) => {
      if (isMobile) {
        // On a phone the sidebar hides and its links join the top bar's menu.
        await expect(sections(page)).toBeHidden();
        await page.getByRole('button', { name: 'Menu' }).click();
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Subscription' })
          .click();
        await expect(page).toHaveURL(/\/profile\/plan$/);
        return;
      }
      await sections(page).getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await sections(page).getByRole('link', { name: 'Subscription' }).click();
      await expect(page).toHaveURL(/\/profile\/plan$/);
      await sections(page).getByRole('link', { name: 'Dashboard' }).click();
      await dashboardReady(page);

      // The rail widens to show its labels, and stays so after a reload.
      await page.getByRole('button', { name: 'Expand the sidebar' }).click();
      await expect(sections(page).getByText('Subscription')).toBeVisible();
      await page.reload();
      await expect(sections(page).getByText('Subscription')).toBeVisible();

      // HELP_URL is unset here: Help is the built-in page, in this tab, framed by the app.
      await sections(page).getByRole('link', { name: 'Help' }).click();
      await expect(page).toHaveURL(/\/help$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
      for (const heading of ['Widgets', 'Stream channels', 'Discovery columns', 'Keyboard shortcuts'])
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Discovery columns' }).getByText('RelStr')).toBeVisible();
      await expect(sections(page)).toBeVisible();
    },
  );

  test("'?' lists the shortcuts, '/' among them; Esc closes the list", async ({ page }) => {
    await page.keyboard.press('Shift+Slash');
    const list = page.getByTestId('shortcuts-dialog');
    await expect(list.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
    await expect(list.locator('kbd', { hasText: /^\/$/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
  });

  test('Ctrl/Cmd+K toggles a widget, switches layouts and opens a symbol', async ({ page }) => {
    // Dynamic, the default layout, is unlocked: the palette hides News.
    await expect(page.locator('.dashboard-page')).toHaveAttribute('data-layout', 'dynamic');
    await expect(cell(page, 'news')).toBeAttached();
    await openPalette(page);
    await page.keyboard.type('news');
    await expect(palette(page).getByRole('option', { name: /Hide NEWS/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(palette(page)).toBeHidden();
    await expect(cell(page, 'news')).toHaveCount(0);

    await openPalette(page);
    await page.keyboard.type('Optional');
    await page.keyboard.press('Enter');
    await expect(page.locator('.dashboard-page')).toHaveAttribute('data-layout', 'optional');

    // Optional is locked: its widget toggles are offered disabled, with the reason.
    await openPalette(page);
    await page.keyboard.type('chat');
    await expect(palette(page).getByRole('option', { name: /CHAT/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();

    await openPalette(page);
    await page.keyboard.type('SPY');
    await expect(palette(page).getByRole('option').first()).toContainText('SPY');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu', { name: 'SPY actions' })).toBeVisible();
  });
});
