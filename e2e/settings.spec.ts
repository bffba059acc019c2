import { writeFileSync } from 'node:fs';
import { dashboardReady } from './support/dashboard.ts';
import { configSaved, lastPrices, openSettings, streamRows, streamSymbols } from './support/settings.ts';
import { signInSubscriber } from './support/subscriber.ts';
import { expect, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

test.describe('the settings page', () => {
  test.beforeEach(async ({ page }, info) => {
    await signInSubscriber(page, freshEmail(info, 'settings'));
    await dashboardReady(page);
  });

  test('a price filter changes what shows', async ({ page }) => {
    // Before: the untouched Main channel shows every price, some of them above $5.
    await expect(streamRows(page, 'High').first()).toBeVisible({ timeout: 15_000 });
    await expect
      .poll(async () => (await lastPrices(page)).some((p) => p > 5), { timeout: 15_000 })
      .toBe(true);

    await openSettings(page, 'stream', 'main');
    await expect(page.getByRole('tab', { name: 'Main' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Channel type')).toHaveValue('filter');
    const price = page.getByRole('group', { name: 'Price' });
    await expect(price.getByText('$0 – Any')).toBeVisible();
    const saved = configSaved(page, (b) => {
      const main = b.config.stream.find((c) => c.channel === 'main') as unknown as {
        value: { price: { max: number } };
      };
      return main.value.price.max === 5;
    });
    const max = page.getByRole('textbox', { name: 'Maximum Price' });
    await max.fill('5');
    await max.press('Enter');
    await expect(price.getByText('$0 – $5')).toBeVisible();
    await expect(page.getByRole('slider', { name: 'Maximum Price' })).toHaveAttribute('aria-valuetext', '$5');
    await saved;

    // A fresh load reads the saved filter: the stream shows $5 and under only.
    await page.goto('/dashboard');
    await dashboardReady(page);
    await expect(streamRows(page, 'High').or(streamRows(page, 'Low')).first()).toBeVisible({
      timeout: 15_000,
    });
    // More batches (flushed every 2 s) have a chance to arrive before the check.
    await page.waitForTimeout(2500);
    const prices = await lastPrices(page);
    expect(prices.length).toBeGreaterThan(0);
    for (const p of prices) expect(p).toBeLessThanOrEqual(5);
  });

  test('a CSV with an invalid symbol asks first, then imports only the valid ones', async ({
    page,
  }, info) => {
    const [first, second] = await streamSymbols(page, 2);
    if (!first || !second) throw new Error('no symbols on the stream');

    await openSettings(page, 'stream', 'alt');
    await page.getByLabel('Channel type').selectOption('custom');
    await expect(page.getByText('No symbols yet.', { exact: false })).toBeVisible();

    // The spec's rules: header, blank lines, case and outer commas; NOSUCH is no listed ticker.
    const file = info.outputPath('watchlist.csv');
    writeFileSync(file, `SYMBOL\n ${first.toLowerCase()} \n\n,${second},\nNOSUCH\n`);
    const saved = configSaved(page, (b) => {
      const alt = b.config.stream.find((c) => c.channel === 'alt');
      return alt?.type === 'custom' && alt.value.custom_view.length === 2;
    });
    await page.getByLabel('Import CSV').setInputFiles(file);
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog.getByText('2 of 3 symbols are valid. Do you want to proceed?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(dialog).toBeHidden();

    const list = page.getByTestId('custom-symbols');
    await expect(list.getByRole('listitem')).toHaveText([first, second]);
    const body = (await (await saved).request().postDataJSON()) as {
      config: { stream: { channel: string; value: { custom_view: string[] } }[] };
    };
    expect(body.config.stream.find((c) => c.channel === 'alt')?.value.custom_view).toEqual([first, second]);

    // Importing the same file again names what is already there and asks nothing new.
    await page.getByLabel('Import CSV').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(`You already have ${first}, ${second} imported`)).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('settings-spinner')).toBeHidden({ timeout: 15_000 });
    await expect(page.getByLabel('Channel type')).toHaveValue('custom');
    await expect(page.getByTestId('custom-symbols').getByRole('listitem')).toHaveText([first, second]);
  });
});
