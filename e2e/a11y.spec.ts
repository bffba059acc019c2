import AxeBuilder from '@axe-core/playwright';
import { dashboardReady } from './support/dashboard.ts';
import { PHONE } from './support/projects.ts';
import { signInSubscriber } from './support/subscriber.ts';
import { expect, type Page, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

/** What axe finds that a screen-reader or low-vision trader would be stopped by. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test(
  'the dashboard, settings and profile have no serious or critical axe violations',
  PHONE,
  async ({ page }, info) => {
    await signInSubscriber(page, freshEmail(info, 'a11y'));
    await dashboardReady(page);
    // The stream and widgets have drawn their first content.
    await expect(page.getByRole('region', { name: 'Main Stream' })).toBeVisible();
    expect(await seriousViolations(page), '/dashboard').toEqual([]);

    await page.goto('/settings');
    await expect(page.getByTestId('settings-spinner')).toBeHidden({ timeout: 15_000 });
    await expect(page.locator('[data-testid^="settings-tab-"]').first()).toBeVisible();
    expect(await seriousViolations(page), '/settings').toEqual([]);

    await page.goto('/profile');
    await expect(page.getByRole('tablist').or(page.getByRole('navigation')).first()).toBeVisible();
    await expect(page.getByLabel('Current password')).toBeVisible();
    expect(await seriousViolations(page), '/profile').toEqual([]);
  },
);
