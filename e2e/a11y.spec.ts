import AxeBuilder from '@axe-core/playwright';
import { notificationsText } from '../apps/web/src/features/notifications/notificationsText.ts';
import { openPopout } from './support/chat.ts';
import { dashboardReady } from './support/dashboard.ts';
import { openNotifications, section } from './support/notifications.ts';
import { PHONE } from './support/projects.ts';
import { signInSubscriber } from './support/subscriber.ts';
import { expect, type Page, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

// Issue 27 §4: axe finds nothing serious or critical on any page or dialog, signed out and in,
// desktop and phone. One load per page; dialogs are opened one after another on it, each checked
// while open (axe sees what is in the DOM, so a closed dialog would pass unseen).

/** What axe finds that a screen-reader or low-vision trader would be stopped by. */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Checks what `testId` opened (the page beneath was checked already: axe over the whole live
 * dashboard again would cost seconds per dialog), then closes it with Escape.
 */
async function checkOpen(page: Page, testId: string): Promise<void> {
  const opened = page.getByTestId(testId);
  await expect(opened).toBeVisible();
  expect(await seriousViolations(page, `[data-testid="${testId}"]`), testId).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(opened).toBeHidden();
}

test('the signed-out pages have no serious or critical axe violations', PHONE, async ({ page }) => {
  for (const [path, heading] of [
    ['/login', 'Welcome back'],
    ['/register', /./],
    ['/forgot-password', /./],
    ['/terms', 'Terms of Service'],
    ['/help', 'Help'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test(
  'the dashboard, its menus and dialogs have no serious or critical axe violations',
  PHONE,
  async ({ page }, info) => {
    // axe over the whole live dashboard takes ~5 s idle and 35 s on a loaded 2-core machine.
    test.setTimeout(120_000);
    const phone = info.project.name === 'mobile';
    await signInSubscriber(page, freshEmail(info, 'a11y'), 'proplus');
    await dashboardReady(page);
    // The stream and widgets have drawn their first content.
    await expect(page.getByRole('region', { name: 'Main Stream' })).toBeVisible();
    expect(await seriousViolations(page), '/dashboard').toEqual([]);

    // A symbol's menu, and the Add-alert dialog it opens.
    const high = page
      .getByRole('region', { name: 'Main Stream' })
      .getByRole('table', { name: 'High stream' })
      .locator('.symbol-link')
      .first();
    await expect(high).toBeVisible({ timeout: 15_000 });
    await high.click({ button: 'right' });
    const menu = page.getByTestId('symbol-menu');
    await expect(menu).toBeVisible();
    expect(await seriousViolations(page, '[data-testid="symbol-menu"]'), 'symbol menu').toEqual([]);
    await menu.getByRole('menuitem', { name: 'Add alert' }).click();
    await checkOpen(page, 'add-alert-dialog');

    if (!phone) {
      // Keyboard-only: the shortcut list and the command palette.
      await page.keyboard.press('Shift+Slash');
      await checkOpen(page, 'shortcuts-dialog');
      await page.keyboard.press('ControlOrMeta+KeyK');
      await checkOpen(page, 'command-palette');
    }
  },
);

test(
  'settings, its alert dialogs, the profile tabs and the chat pop-out have no serious or critical axe violations',
  PHONE,
  async ({ page }, info) => {
    test.setTimeout(90_000);
    await signInSubscriber(page, freshEmail(info, 'a11y-settings'), 'proplus');
    await openNotifications(page);
    expect(await seriousViolations(page), '/settings notifications').toEqual([]);
    await section(page, notificationsText.sections.delivery)
      .getByRole('button', { name: notificationsText.webhookSettings })
      .click();
    await checkOpen(page, 'webhook-modal');
    await section(page, notificationsText.sections.conditional)
      .getByRole('button', { name: notificationsText.addFiltered })
      .click();
    await checkOpen(page, 'filtered-alert-modal');

    await page.goto('/profile');
    await expect(page.getByLabel('Current password')).toBeVisible();
    expect(await seriousViolations(page), '/profile').toEqual([]);
    for (const tab of ['plan', 'payment'] as const) {
      await page.goto(`/profile/${tab}`);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page.getByTestId('page-spinner')).toHaveCount(0);
      expect(await seriousViolations(page), `/profile/${tab}`).toEqual([]);
    }

    await openPopout(page);
    expect(await seriousViolations(page), '/popout/chat').toEqual([]);
  },
);
