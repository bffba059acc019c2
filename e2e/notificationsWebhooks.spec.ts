import { alertMessages, webhookPayloadSchema } from '@tapeline/core';
import { Webhook } from 'standardwebhooks';
import {
  type LoopbackReceiver,
  startLoopbackReceiver,
} from '../apps/server/src/modules/alerts/webhooks/testing/loopbackReceiver.ts';
import { notificationsText as text } from '../apps/web/src/features/notifications/notificationsText.ts';
import { apiAs } from './support/api.ts';
import {
  countRequests,
  openNotifications,
  SHOTS,
  section,
  storedAlerts,
  subscriber,
  toast,
} from './support/notifications.ts';
import { expect, test } from './support/test.ts';

// The Notifications tab's webhook section for a Pro Plus trader against the real server, with a
// loopback receiver standing in for the trader's own server (split from notifications.spec.ts).

test.describe('Pro Plus: webhooks', () => {
  let receiver: LoopbackReceiver;
  test.beforeAll(async () => {
    receiver = await startLoopbackReceiver();
  });
  test.afterAll(async () => {
    await receiver.close();
  });

  test('invalid URLs are refused, a URL is saved, the secret rotates and a test delivery arrives signed', async ({
    page,
  }, info) => {
    await subscriber(page, info, 'proplus');
    await openNotifications(page);
    const saves = countRequests(
      page,
      (r) => r.method() === 'POST' && r.url().endsWith('/api/alerts/webhook'),
    );
    const openModal = async () => {
      await section(page, text.sections.delivery).getByRole('button', { name: text.webhookSettings }).click();
      const modal = page.getByTestId('webhook-modal');
      await expect(modal).toBeVisible();
      return modal;
    };
    let modal = await openModal();
    const url = (type: keyof typeof text.webhookTypes) =>
      modal.getByRole('textbox', { name: text.webhookUrlOf(text.webhookTypes[type]) });

    // §5: not http(s)/ftp, or with credentials — refused where it is typed, nothing sent. (Which
    // addresses are private is the server's call: this one allows them, WEBHOOK_ALLOW_PRIVATE.)
    for (const bad of ['javascript:alert(1)', 'http://user:secret@hooks.example.com/x']) {
      await url('price').fill(bad);
      await modal.getByRole('button', { name: text.save }).click();
      await expect(modal.getByRole('alert')).toHaveText(alertMessages.webhookInvalid);
    }
    expect(saves()).toBe(0);
    // …and by the server, whatever the page does.
    const direct = await apiAs(page, 'POST', '/api/alerts/webhook', {
      alert_webhook: { price: 'javascript:alert(1)' },
    });
    expect(direct.status).toBe(400);
    expect(Object.values((await storedAlerts(page)).alert_webhook).filter(Boolean)).toEqual([]);

    // A public URL saves (this server skips the DNS check, WEBHOOK_ALLOW_PRIVATE).
    const hook = 'https://hooks.example.com/tapeline';
    await url('price').fill(hook);
    await modal.getByRole('button', { name: text.save }).click();
    await expect(toast(page, alertMessages.webhookUpdated)).toBeVisible();
    await expect(modal).toBeHidden();
    expect((await storedAlerts(page)).alert_webhook).toMatchObject({ price: hook });

    // A self-hoster's receiver on this machine (the server allows private targets): typed in the
    // modal, and the example.com URL removed, so nothing is ever sent there.
    const path = `/hook-${info.project.name}-${Date.now()}`;
    modal = await openModal();
    await url('price').fill('');
    await url('halts').fill(`${receiver.url}${path}`);
    await modal.getByRole('button', { name: text.save }).click();
    await expect(modal).toBeHidden();
    expect((await storedAlerts(page)).alert_webhook).toMatchObject({ halts: `${receiver.url}${path}` });
    await page.reload();
    await openNotifications(page);
    modal = await openModal();
    await expect(url('halts')).toHaveValue(`${receiver.url}${path}`);
    await expect(url('price')).toHaveValue('');
    const secretShown = modal.getByTestId('webhook-secret');
    const before = (await storedAlerts(page)).webhook_secret;
    expect(before).toMatch(/^whsec_/);
    await expect(secretShown).toHaveText(before);
    await expect(modal.getByText(text.noDeliveries)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/proplus-webhook-modal-${info.project.name}.png` });

    // Rotate, after asking: the new secret is shown and is the server's.
    await modal.getByRole('button', { name: text.rotate }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm.getByRole('heading', { name: text.rotateQuestion })).toBeVisible();
    await confirm.getByRole('button', { name: text.rotate }).click();
    await expect(toast(page, text.rotated)).toBeVisible();
    await expect(secretShown).not.toHaveText(before);
    const secret = (await storedAlerts(page)).webhook_secret;
    expect(secret).toMatch(/^whsec_/);
    await expect(secretShown).toHaveText(secret);

    // Send a test: the receiver gets it, signed with the new secret, and the log says delivered.
    await modal.getByRole('button', { name: text.sendTest }).click();
    await expect(toast(page, text.testQueued(1))).toBeVisible();
    const mine = () => receiver.received.filter((r) => r.path === path);
    await expect.poll(() => mine().length, { timeout: 15_000 }).toBe(1);
    const [delivery] = mine();
    if (!delivery) throw new Error('no delivery');
    const payload = new Webhook(secret).verify(delivery.body, {
      'webhook-id': delivery.headers['webhook-id'] ?? '',
      'webhook-timestamp': delivery.headers['webhook-timestamp'] ?? '',
      'webhook-signature': delivery.headers['webhook-signature'] ?? '',
    });
    expect(webhookPayloadSchema.parse(payload)).toMatchObject({ type: 'halts', symbol: 'TEST' });
    // The log is read when the modal opens (and after the test was queued): reopen until the
    // worker's outcome is in.
    await expect(async () => {
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
      modal = await openModal();
      const rows = modal.getByRole('table').locator('tbody tr');
      await expect(rows).toHaveCount(1, { timeout: 2000 });
      await expect(rows.first()).toContainText(
        new RegExp(`${text.webhookTypes.halts}.*TEST.*${text.deliveryStatus.delivered}.*200`),
        { timeout: 2000 },
      );
    }).toPass({ timeout: 15_000 });
    const log = await apiAs<{
      deliveries: { status: string; response_status: number | null; url: string }[];
    }>(page, 'GET', '/api/alerts/webhook/deliveries');
    expect(log.body.deliveries).toEqual([
      expect.objectContaining({ status: 'delivered', response_status: 200, url: `${receiver.url}${path}` }),
    ]);
  });
});
