import { alertMessages, webhookPayloadSchema } from '@tapeline/core';
import { Webhook } from 'standardwebhooks';
import {
  type LoopbackReceiver,
  startLoopbackReceiver,
} from '../apps/server/src/modules/alerts/webhooks/testing/loopbackReceiver.ts';
import { type PushService, startPushService } from '../apps/server/src/test/pushService.ts';
import { apiAs as api } from './support/api.ts';
import { cell, dashboardReady } from './support/dashboard.ts';
import { signInSubscriber } from './support/subscriber.ts';
import { expect, type Locator, type Page, type Response, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

// A Pro trader on the embedded defaults (simulated market) sets a price alert from the symbol
// menu. When the tape crosses it: a toast within 2 s, a row in the Alerts widget, a web push the
// loopback push service decrypts, a webhook that verifies with standardwebhooks, and the voice
// clip fetched from the voice host. The push service and webhook receiver run in this process.

const highTable = (page: Page): Locator =>
  page.getByRole('region', { name: 'Main Stream' }).getByRole('table', { name: 'High stream' });

/**
 * The busiest stock on the highs list: the most new highs today of the rows shown. The newest row
 * may be a stock that made one high and then went quiet; a busy one prints again within seconds,
 * and a price alert fires at the symbol's next print.
 */
async function busiestHigh(page: Page): Promise<Locator> {
  const rows = highTable(page).locator('tbody tr');
  await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
  const listed = await rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      symbol: tr.querySelector('.symbol-link')?.getAttribute('data-symbol') ?? '',
      count: Number(tr.querySelectorAll('td, th')[1]?.textContent ?? 0),
    })),
  );
  const busiest = listed.reduce((best, row) => (row.count > best.count ? row : best));
  return highTable(page).locator(`.symbol-link[data-symbol="${busiest.symbol}"]`).first();
}

let receiver: LoopbackReceiver;
let pushService: PushService;
test.beforeAll(async () => {
  receiver = await startLoopbackReceiver();
  pushService = await startPushService();
});
test.afterAll(async () => {
  await receiver.close();
  await pushService.close();
});

test('a price alert from the symbol menu reaches the toast, the Alerts widget, push, webhook and voice', async ({
  page,
}, info) => {
  // Sign-up, payment and a live tape before the alert can fire.
  test.setTimeout(150_000);
  await signInSubscriber(page, freshEmail(info, 'alerts'));
  await dashboardReady(page);

  // Where else it goes: a webhook URL for price alerts, this "device" at the loopback push
  // service, and a voice for highs and lows (symbol clips, voice1).
  expect(
    (await api(page, 'POST', '/api/alerts/webhook', { alert_webhook: { price: `${receiver.url}/hook` } }))
      .status,
  ).toBe(200);
  const { publicKey } = (await api<{ publicKey: string }>(page, 'GET', '/api/alerts/push/key')).body;
  const subscription = pushService.createSubscription(publicKey);
  expect(
    (await api(page, 'POST', '/api/alerts/device/webpush', { registration_id: JSON.stringify(subscription) }))
      .status,
  ).toBe(200);
  const settings = (await api<{ config: string | null }>(page, 'GET', '/api/settings')).body;
  expect(settings.config).not.toBeNull();
  const config = JSON.parse(settings.config as string);
  // A symbol alert is spoken in the highs' zone when the move is up, the lows' when down.
  config.voiceNoti = [
    { zone: 'primary_high', voice: 'voice1', type: 'symbol' },
    { zone: 'primary_low', voice: 'voice1', type: 'symbol' },
  ];
  expect((await api(page, 'POST', '/api/settings/config', { config })).status).toBe(200);
  await page.reload();
  // Every clip the page fetches from now on: the first click is a gesture, so a clip may be
  // fetched as soon as the rule fires — before the test gets to wait for it.
  const clips: Response[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/voice/')) clips.push(r);
  });
  await dashboardReady(page);
  const secret = (await api<{ webhook_secret: string }>(page, 'GET', '/api/alerts')).body.webhook_secret;

  // The symbol menu of a stock making new highs → Add alert → Price at its smallest rate.
  // Picked again when new rows pushed it out of the rendered window before it could be clicked.
  let link = await busiestHigh(page);
  await expect(async () => {
    link = await busiestHigh(page);
    await expect(link).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await link.click({ button: 'right' });
  const menu = page.getByTestId('symbol-menu');
  const symbol = (await menu.getAttribute('data-symbol')) ?? '';
  await menu.getByRole('menuitem', { name: 'Add alert' }).click();
  const dialog = page.getByTestId('add-alert-dialog');
  await expect(dialog.getByRole('heading', { name: `Add alert for ${symbol}` })).toBeVisible();
  await dialog.getByRole('radio', { name: 'Price' }).check();
  const slider = dialog.getByRole('slider', { name: `Rate for ${symbol}` });
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuetext', /0\.1/);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  const added = page.getByTestId('toast').filter({ hasText: alertMessages.added('Price', symbol) });
  await expect(added).toBeVisible();
  await expect(dialog).toBeHidden();
  // That toasts never cover the search is proven in dashboardDefects.spec.ts (clock paused).

  // The rule is live: wait for it to fire (the history is written before the tab hears it).
  let fired: { msg: string; date: number } | undefined;
  await expect
    .poll(
      async () => {
        const list = (await api<{ msg: string; date: number }[]>(page, 'GET', '/api/alert_history')).body;
        fired = list.find((item) => item.msg.startsWith(symbol));
        return fired !== undefined;
      },
      { timeout: 45_000, intervals: [100] },
    )
    .toBe(true);
  const msg = (fired as { msg: string }).msg;
  await expect(page.getByTestId('toast').filter({ hasText: msg }).first()).toBeVisible({ timeout: 2000 });
  await expect(cell(page, 'alerts').getByRole('list', { name: 'Alert history, newest first' })).toContainText(
    msg,
  );

  // Voice: the clip of the symbol comes from the voice host once audio is allowed (a click is a gesture).
  await page
    .getByText(alertMessages.voicePrompt)
    .click({ timeout: 5000 })
    .catch(() => undefined);
  const clip = () => clips.find((r) => r.url().includes(`/voice/${symbol}/voice1-s.mp3`));
  await expect.poll(() => clip()?.status(), { timeout: 60_000 }).toBe(200);
  const response = clip() as Response;
  expect(response.headers()['content-type']).toBe('audio/mpeg');

  // Push: decrypted by the loopback service as a browser would.
  await expect
    .poll(() => pushService.received(subscription.endpoint).length, { timeout: 15_000 })
    .toBeGreaterThan(0);
  const push = pushService.received(subscription.endpoint)[0];
  expect(JSON.parse(push?.payload ?? '{}')).toMatchObject({ body: msg });

  // Webhook: signed the Standard Webhooks way with the trader's secret.
  const mine = () => receiver.received.filter((r) => r.body.includes(JSON.stringify(msg)));
  await expect.poll(() => mine().length, { timeout: 15_000 }).toBeGreaterThan(0);
  const hook = mine()[0];
  if (!hook) throw new Error('no webhook');
  const payload = new Webhook(secret).verify(hook.body, {
    'webhook-id': hook.headers['webhook-id'] ?? '',
    'webhook-timestamp': hook.headers['webhook-timestamp'] ?? '',
    'webhook-signature': hook.headers['webhook-signature'] ?? '',
  });
  expect(webhookPayloadSchema.parse(payload)).toMatchObject({ type: 'price', symbol, msg });
});
