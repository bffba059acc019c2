import {
  alertMessages,
  FILTERED_ALERT_MATCH_LIMIT,
  type FilteredAlert,
  filterMessages,
  HALT_CATEGORY,
  ruleLabel,
} from '@tapeline/core';
import { notificationsText as text } from '../apps/web/src/features/notifications/notificationsText.ts';
import { apiAs } from './support/api.ts';
import {
  countRequests,
  listedSymbols,
  openNotifications,
  SHOTS,
  section,
  storedAlerts,
  subscriber,
  toast,
} from './support/notifications.ts';
import { expect, type Locator, test } from './support/test.ts';

// The Notifications tab against the real server and the simulated market, one trader per plan:
// what the trader sees, and what the server stored (GET /api/alerts). Each tier's tab is also
// photographed into .tmp/notif-shots/ for a look at the layout. The webhook section: notificationsWebhooks.spec.ts.

/** A slider the trader can work: shown, and wide enough to pick a stop (not squeezed to its thumb). */
async function expectUsable(slider: Locator): Promise<void> {
  await expect(slider).toBeVisible();
  expect((await slider.boundingBox())?.width ?? 0).toBeGreaterThan(120);
}

const PRO_SECTIONS = [text.sections.uv, text.sections.vwap, text.sections.price];

test('Standard: the Pro sections are locked, halts toggle, a Hi/Low symbol is added once, the voice is saved', async ({
  page,
}, info) => {
  await subscriber(page, info, 'standard');
  const [symbol = ''] = await listedSymbols(page, 1);
  await openNotifications(page);

  // §6: uVol, VWAP dist and Price need Pro — labelled, with the way to upgrade, and disabled.
  for (const name of PRO_SECTIONS) {
    const s = section(page, name);
    await expect(s.getByText('PRO ONLY', { exact: true })).toBeVisible();
    await expect(s.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/profile/plan');
    await expect(s.getByRole('textbox', { name: text.addSymbolTo(name) })).toBeDisabled();
    await expect(s.getByRole('button', { name: text.addSymbol })).toBeDisabled();
  }
  const conditional = section(page, text.sections.conditional);
  await expect(conditional.getByText('PRO + ONLY', { exact: true })).toBeVisible();
  await expect(conditional.getByRole('link', { name: 'Upgrade' })).toBeVisible();
  await expect(conditional.getByRole('button', { name: text.addFiltered })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: text.voiceOf(text.voiceZones.filtered) })).toBeDisabled();
  // Hi/Low and halts are every subscriber's.
  const hiLow = section(page, text.sections.highLow);
  await expect(hiLow.getByText('PRO ONLY', { exact: true })).toHaveCount(0);
  await expect(hiLow.getByRole('textbox', { name: text.addSymbolTo(text.sections.highLow) })).toBeEnabled();

  // Halts: the toggle adds the one halt rule, and removes it.
  const halt = section(page, text.sections.halts).getByRole('switch', { name: text.haltAlert });
  await expect(halt).not.toBeChecked();
  await halt.click();
  await expect(toast(page, alertMessages.haltEnabled)).toBeVisible();
  await expect(halt).toBeChecked();
  expect((await storedAlerts(page)).alerts.filter((r) => r.type === 'halt')).toEqual([
    expect.objectContaining({ type: 'halt', category: HALT_CATEGORY }),
  ]);
  await halt.click();
  await expect(toast(page, alertMessages.haltDisabled)).toBeVisible();
  await expect(halt).not.toBeChecked();
  expect((await storedAlerts(page)).alerts.filter((r) => r.type === 'halt')).toEqual([]);

  // A symbol's Hi/Low rule at the default rate; the same symbol again is already registered.
  const field = hiLow.getByRole('textbox', { name: text.addSymbolTo(text.sections.highLow) });
  await field.fill(symbol.toLowerCase());
  await hiLow.getByRole('button', { name: text.addSymbol }).click();
  await expect(toast(page, alertMessages.added(ruleLabel('trade', symbol), symbol))).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(
    hiLow.getByRole('list', { name: text.sections.highLow }).locator(`[data-symbol="${symbol}"]`),
  ).toContainText('$0.10');
  const mine = async () =>
    (await storedAlerts(page)).alerts.filter((r) => r.type === 'trade' && r.category === symbol);
  expect(await mine()).toEqual([expect.objectContaining({ rate: 0.1, high: null, low: null })]);
  await field.fill(symbol);
  await hiLow.getByRole('button', { name: text.addSymbol }).click();
  await expect(toast(page, alertMessages.alreadyRegistered('Trade', symbol))).toBeVisible();
  expect(await mine()).toHaveLength(1);

  // The server is the one that enforces the plan: hiding the Pro sections is not.
  const refused = await apiAs<{ error: string }>(page, 'POST', '/api/alerts', {
    category: symbol,
    type: 'uv',
    rate: 20,
  });
  expect(refused.status).toBe(403);
  expect(refused.body.error).toBe('upgrade_required');
  expect((await storedAlerts(page)).alerts.filter((r) => r.type !== 'trade')).toEqual([]);

  // Voice: a voice for the Halts zone, then its clip kind, saved in the config (2 s debounce).
  type VoiceEntry = { zone: string; voice: string; type: string };
  const voiceSaved = (match: (entries: VoiceEntry[]) => boolean) =>
    page.waitForResponse(
      (r) => {
        if (!r.url().endsWith('/api/settings/config') || r.request().method() !== 'POST' || !r.ok())
          return false;
        return match(
          (r.request().postDataJSON() as { config: { voiceNoti: VoiceEntry[] } }).config.voiceNoti,
        );
      },
      { timeout: 15_000 },
    );
  const haltZone = { zone: 'halt', voice: 'voice2' };
  let saved = voiceSaved((e) => e.some((v) => v.zone === 'halt' && v.voice === 'voice2'));
  await page.getByRole('combobox', { name: text.voiceOf(text.voiceZones.halt) }).selectOption('voice2');
  await saved;
  const spoken = page.getByRole('combobox', { name: text.spokenOf(text.voiceZones.halt) });
  await expect(spoken).toBeEnabled();
  saved = voiceSaved((e) => e.some((v) => v.zone === 'halt' && v.type === 'name'));
  await spoken.selectOption('name');
  await saved;
  const settings = await apiAs<{ config: string }>(page, 'GET', '/api/settings');
  expect(JSON.parse(settings.body.config).voiceNoti).toContainEqual({ ...haltZone, type: 'name' });
  // A fresh load reads it back.
  await page.reload();
  await openNotifications(page);
  await expect(page.getByRole('combobox', { name: text.voiceOf(text.voiceZones.halt) })).toHaveValue(
    'voice2',
  );
  await expect(spoken).toHaveValue('name');
  await page.screenshot({ path: `${SHOTS}/standard-${info.project.name}.png`, fullPage: true });
});

test('Pro: a Price alert is added, edited one row at a time, saved, cancelled and deleted; a stream category rule', async ({
  page,
}, info) => {
  await subscriber(page, info, 'pro');
  const [first = '', second = ''] = await listedSymbols(page, 2);
  await openNotifications(page);

  const price = section(page, text.sections.price);
  await expect(price.getByText('PRO ONLY', { exact: true })).toBeVisible();
  await expect(price.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
  await expect(
    section(page, text.sections.conditional).getByRole('button', { name: text.addFiltered }),
  ).toBeDisabled();

  const field = price.getByRole('textbox', { name: text.addSymbolTo(text.sections.price) });
  for (const symbol of [first, second]) {
    await field.fill(symbol);
    await price.getByRole('button', { name: text.addSymbol }).click();
    await expect(toast(page, alertMessages.added('Price', symbol))).toBeVisible();
    await expect(field).toHaveValue('');
  }
  const priceRule = async (symbol: string) =>
    (await storedAlerts(page)).alerts.find((r) => r.type === 'price' && r.category === symbol);
  expect(await priceRule(first)).toMatchObject({ rate: 2, high: null, low: null });
  const row = (symbol: string) => price.locator(`li[data-symbol="${symbol}"]`);
  const slider = (symbol: string) => page.getByRole('slider', { name: text.rateOf(symbol) });
  await expect(row(first)).toContainText('2%');
  await page.screenshot({ path: `${SHOTS}/pro-${info.project.name}.png`, fullPage: true });

  // Edit: one stop up the slider (2 → 2.5 %), bounds, Save.
  await row(first)
    .getByRole('button', { name: text.editOf(first) })
    .click();
  await expect(slider(first)).toHaveAttribute('aria-valuetext', '2%');
  await slider(first).focus();
  await page.keyboard.press('ArrowRight');
  await expect(slider(first)).toHaveAttribute('aria-valuetext', '2.5%');
  await row(first)
    .getByRole('textbox', { name: text.lowOf(first) })
    .fill('1');
  await row(first)
    .getByRole('textbox', { name: text.highOf(first) })
    .fill('4000');
  await price.screenshot({ path: `${SHOTS}/pro-editing-${info.project.name}.png` });
  await row(first).getByRole('button', { name: text.save }).click();
  await expect(toast(page, alertMessages.updated(first))).toBeVisible();
  await expect(slider(first)).toBeHidden();
  await expect(row(first)).toContainText('2.5% · 1 – 4000');
  expect(await priceRule(first)).toMatchObject({ rate: 2.5, low: 1, high: 4000 });

  // §4: one edit at a time. Starting another drops the first's draft; Cancel drops its own.
  const puts = countRequests(page, (r) => r.method() === 'PUT' && r.url().includes('/api/alerts/'));
  await row(first)
    .getByRole('button', { name: text.editOf(first) })
    .click();
  await slider(first).focus();
  await page.keyboard.press('ArrowRight');
  await expect(slider(first)).toHaveAttribute('aria-valuetext', '3%');
  await row(second)
    .getByRole('button', { name: text.editOf(second) })
    .click();
  await expect(slider(first)).toBeHidden();
  await expect(row(first)).toContainText('2.5%');
  await expectUsable(slider(second));
  await slider(second).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(slider(second)).toHaveAttribute('aria-valuetext', '1.5%');
  await row(second).getByRole('button', { name: text.cancel }).click();
  await expect(slider(second)).toBeHidden();
  await expect(row(second)).toContainText('2%');
  await row(second)
    .getByRole('button', { name: text.editOf(second) })
    .click();
  await expect(slider(second)).toHaveAttribute('aria-valuetext', '2%');
  await row(second).getByRole('button', { name: text.cancel }).click();
  expect(puts()).toBe(0);
  expect(await priceRule(first)).toMatchObject({ rate: 2.5 });
  expect(await priceRule(second)).toMatchObject({ rate: 2 });

  // Delete: the row goes, and so does the rule (§8 has no success toast for it; no failure one).
  await row(first)
    .getByRole('button', { name: text.deleteOf(first) })
    .click();
  await expect(row(first)).toHaveCount(0);
  expect(await priceRule(first)).toBeUndefined();
  expect(await priceRule(second)).toBeDefined();
  await expect(toast(page, alertMessages.deleteFailed(first))).toHaveCount(0);

  // A stream category's Hi/Low alert: its slider sets the starting rate (0.10 → 0.15), the switch
  // stores a `trade` rule on the category; off removes it (it would fire on every new high).
  const hiLow = section(page, text.sections.highLow);
  const mainHighs = text.streamCategories.primary_high;
  const categorySlider = hiLow.getByRole('slider', { name: text.rateOf(mainHighs) });
  await expectUsable(categorySlider);
  await categorySlider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(categorySlider).toHaveAttribute('aria-valuetext', '$0.15');
  const toggle = hiLow.getByRole('switch', { name: mainHighs });
  await toggle.click();
  await expect(toast(page, alertMessages.added('Hi/low', mainHighs))).toBeVisible();
  await expect(toggle).toBeChecked();
  const categoryRules = async () =>
    (await storedAlerts(page)).alerts.filter((r) => r.category === 'primary_high');
  expect(await categoryRules()).toEqual([
    expect.objectContaining({ type: 'trade', category: 'primary_high', rate: 0.15 }),
  ]);
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  expect(await categoryRules()).toEqual([]);
});

/** A filter as the modal sends it to validate: a single-value column keeps only `min`. */
function filterOf(name: string, values: FilteredAlert['values'], sectors: number[]): FilteredAlert {
  return { name, type: 'all', values, sector: { min: sectors }, timeframe: { min: '1day' } };
}

const SECTORS = { HEALTHCARE: 2, TECHNOLOGY: 9, BIOTECH: 16 } as const;

test('Pro Plus: the Filtered Alert modal names what is missing, saves a narrow filter and refuses a broad one', async ({
  page,
}, info) => {
  await subscriber(page, info, 'proplus');
  await openNotifications(page);
  const conditional = section(page, text.sections.conditional);
  await expect(conditional.getByText('PRO + ONLY', { exact: true })).toBeVisible();
  await expect(conditional.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
  await expect(conditional.getByText(text.filteredCount(0, 5))).toBeVisible();
  await expect(page.getByRole('combobox', { name: text.voiceOf(text.voiceZones.filtered) })).toBeEnabled();

  // The threshold a trader would settle on: the first price change % at which these sectors
  // match at most half the limit on the day, so the tape moving before Add cannot tip it over.
  const sectors = Object.values(SECTORS).sort((a, b) => a - b);
  let threshold = 0;
  for (const candidate of [1, 2, 5, 10, 20, 50, 100]) {
    const probe = await apiAs<{ values: [number, number] }>(
      page,
      'POST',
      '/api/alerts/filtered-alert/validate',
      {
        content: filterOf('probe', { price_dist: { min: candidate } }, sectors),
      },
    );
    expect(probe.status).toBe(200);
    threshold = candidate;
    if (probe.body.values[1] <= FILTERED_ALERT_MATCH_LIMIT / 2) break;
  }

  const validations = countRequests(page, (r) => r.url().endsWith('/api/alerts/filtered-alert/validate'));
  await conditional.getByRole('button', { name: text.addFiltered }).click();
  const modal = page.getByTestId('filtered-alert-modal');
  const submit = modal.getByRole('button', { name: text.submitAdd, exact: true });
  const problem = modal.getByRole('alert');
  // §5: sectors and timeframe are red until chosen; each send names the first thing missing.
  await expect(modal.getByRole('group', { name: text.sectors })).toHaveAttribute('aria-invalid', 'true');
  await expect(modal.getByRole('combobox', { name: text.timeframe })).toHaveAttribute('aria-invalid', 'true');
  await submit.click();
  await expect(problem).toHaveText(filterMessages.nameRequired);
  const name = `Movers ${info.project.name}`;
  await modal.getByRole('textbox', { name: text.filterName }).fill(name);
  await submit.click();
  await expect(problem).toHaveText(text.columnRequired);
  await modal.getByRole('combobox', { name: `${text.column} 1` }).selectOption('price_dist');
  await submit.click();
  await expect(problem).toHaveText(filterMessages.singleValue);
  await modal
    .getByRole('spinbutton', { name: `${text.columns.price_dist} ${text.value}` })
    .fill(String(threshold));
  await submit.click();
  await expect(problem).toHaveText(filterMessages.sectorRequired);
  for (const sector of Object.keys(SECTORS)) await modal.getByRole('checkbox', { name: sector }).check();
  await expect(modal.getByRole('group', { name: text.sectors })).not.toHaveAttribute('aria-invalid');
  await submit.click();
  await expect(problem).toHaveText(filterMessages.timeframeRequired);
  expect(validations()).toBe(0);
  await modal.getByRole('combobox', { name: text.timeframe }).selectOption('1day');
  await page.screenshot({ path: `${SHOTS}/proplus-filter-modal-${info.project.name}.png` });

  // Valid: the server counts the matches, then the list is saved.
  const validated = page.waitForResponse((r) => r.url().endsWith('/api/alerts/filtered-alert/validate'));
  await submit.click();
  const answer = (await (await validated).json()) as { valid: boolean; values: [number, number] };
  expect(answer.valid).toBe(true);
  await expect(toast(page, alertMessages.filteredAdded)).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(conditional.getByRole('list', { name: text.filteredList })).toContainText(name);
  await expect(conditional.getByText(text.filteredCount(1, 5))).toBeVisible();
  const saved = filterOf(name, { price_dist: { min: threshold } }, sectors);
  expect((await storedAlerts(page)).filtered_alerts).toEqual([saved]);

  // Too broad: every listed price in every sector is far more than the limit; nothing is saved.
  await conditional.getByRole('button', { name: text.addFiltered }).click();
  await modal.getByRole('textbox', { name: text.filterName }).fill('Everything');
  await modal.getByRole('combobox', { name: `${text.column} 1` }).selectOption('last');
  await modal.getByRole('spinbutton', { name: `${text.columns.last} ${text.minimum}` }).fill('0.01');
  await modal.getByRole('group', { name: text.sectors }).getByRole('button', { name: text.all }).click();
  await modal.getByRole('combobox', { name: text.timeframe }).selectOption('1day');
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/alerts/filtered-alert/validate'));
  await submit.click();
  const tooMany = (await (await refused).json()) as { valid: boolean; values: [number, number] };
  expect(tooMany.valid).toBe(false);
  const [limit, count] = tooMany.values;
  expect(limit).toBe(FILTERED_ALERT_MATCH_LIMIT);
  expect(count).toBeGreaterThan(limit);
  await expect(toast(page, alertMessages.tooManyMatches(count, limit))).toBeVisible();
  await expect(modal).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/proplus-too-many-${info.project.name}.png` });
  await modal.getByRole('button', { name: text.cancel }).click();
  await expect(modal).toBeHidden();
  expect((await storedAlerts(page)).filtered_alerts).toEqual([saved]);
  await page.screenshot({ path: `${SHOTS}/proplus-${info.project.name}.png`, fullPage: true });
});
