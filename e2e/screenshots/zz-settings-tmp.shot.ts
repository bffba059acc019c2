import { expect, test } from '@playwright/test';
import { dashboardReady } from '../support/dashboard.ts';
import { openSettings, streamSymbols } from '../support/settings.ts';
import { newVerifiedUser, subscribePro } from '../support/subscriber.ts';
import { freshEmail } from '../support/users.ts';

test('settings shots', async ({ page }, info) => {
  test.setTimeout(120_000);
  await newVerifiedUser(page, freshEmail(info, 'shots'));
  await subscribePro(page);
  await dashboardReady(page);
  const syms = await streamSymbols(page, 3);
  const p = info.project.name;
  await openSettings(page, 'stream', 'main');
  const max = page.getByRole('slider', { name: 'Maximum Price' });
  await max.focus();
  for (let i = 0; i < 20; i++) await max.press('ArrowLeft');
  const min = page.getByRole('slider', { name: 'Minimum Volume' });
  const box = await min.boundingBox();
  if (!box) throw new Error('no box');
  // drag the min volume thumb (at left edge) to the middle
  await page.mouse.move(box.x + 9, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await page.getByRole('textbox', { name: 'Maximum Float' }).fill('20m');
  await page.getByRole('textbox', { name: 'Maximum Float' }).press('Tab');
  await page.screenshot({ path: `/tmp/shots/${p}-stream-edited.png`, fullPage: true });
  console.log(p, 'price', await page.getByRole('group', { name: 'Price' }).locator('output').innerText());
  console.log(p, 'volume', await page.getByRole('group', { name: 'Volume' }).locator('output').innerText());
  console.log(p, 'float', await page.getByRole('group', { name: 'Float' }).locator('output').innerText());
  await page.getByRole('tab', { name: 'Alt' }).click();
  await page.getByLabel('Channel type').selectOption('custom');
  for (const s of syms) {
    await page.getByRole('button', { name: 'Add Symbol' }).click();
    await page.getByRole('textbox', { name: 'Symbol' }).fill(s.toLowerCase());
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByTestId('add-symbol-modal')).toBeHidden();
  }
  await page.getByRole('button', { name: 'Add Symbol' }).click();
  await page.getByRole('textbox', { name: 'Symbol' }).fill(syms[0] ?? '');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`You already have ${syms[0]} imported`)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Edit Symbols' }).click();
  await page.getByRole('button', { name: `Remove ${syms[1]}` }).click();
  await page.screenshot({ path: `/tmp/shots/${p}-edit.png` });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('custom-symbols').getByRole('listitem')).toHaveText([syms[0] ?? '', syms[2] ?? '']);
  await page.screenshot({ path: `/tmp/shots/${p}-custom.png`, fullPage: true });
  await page.getByLabel('Channel type').selectOption('none');
  await expect(page.getByText('Channel disabled')).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).first().click({ force: true }).catch(() => undefined);
  await page.goto('/dashboard');
  await dashboardReady(page);
  await page.screenshot({ path: `/tmp/shots/${p}-dash.png` });
});
