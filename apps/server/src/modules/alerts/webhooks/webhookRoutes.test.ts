import {
  alertHistoryResponseSchema,
  WEBHOOK_LOG_MAX,
  webhookDeliveriesAnswerSchema,
  webhookSecretAnswerSchema,
  webhookTestAnswerSchema,
} from '@tapeline/core';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDeliveries, alertSettings } from '../../../platform/db/schema.ts';
import { seedSubscriber } from '../../../test/factories.ts';
import { withApp } from '../../../test/withApp.ts';
import { startDeliveryWorker } from '../delivery/worker.ts';
import { type LoopbackReceiver, startLoopbackReceiver } from './testing/loopbackReceiver.ts';
import { fire, setWebhooks } from './testing/testKit.ts';
import { createWebhookSender } from './webhookSender.ts';

// The Webhook modal's calls: the delivery log, secret rotation and test deliveries. Deliveries
// go to a loopback receiver (WEBHOOK_ALLOW_PRIVATE=1); whichever worker sends them (this file's,
// or the app's own), each is sent once, so the receiver's count is what is asserted.

const app = withApp({ mail: 'outbox', env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
let receiver: LoopbackReceiver;
beforeAll(async () => {
  receiver = await startLoopbackReceiver();
});
afterAll(async () => receiver.close());

/** Sends whatever is due with the app's clock, as a node's worker would. */
async function deliverAll(): Promise<void> {
  const sender = createWebhookSender({ db: app.ctx.database.db, clock: app.clock, allowPrivate: true });
  const worker = startDeliveryWorker(app.ctx, [sender], { pollMs: 0 });
  await worker.runOnce();
  await worker.stop();
  sender.close();
}

const secretOf = async (userId: string) =>
  (await app.ctx.database.db.select().from(alertSettings).where(eq(alertSettings.userId, userId)))[0]
    ?.webhookSecret;

describe('GET /api/alerts/webhook/deliveries', () => {
  it("lists the caller's own webhook deliveries, newest first, at most the last 50", async () => {
    const a = await seedSubscriber(app);
    const b = await seedSubscriber(app);
    await setWebhooks(app.ctx.database.db, a.user.id, {
      high_low: `${receiver.url}/a`,
      price: `${receiver.url}/ap`,
    });
    await setWebhooks(app.ctx.database.db, b.user.id, { high_low: `${receiver.url}/b` });
    const t0 = app.clock.now();
    const [first] = await fire(app.ctx.database.db, a.user.id, new Date(t0), { symbol: 'AAA' });
    const [second] = await fire(app.ctx.database.db, a.user.id, new Date(t0 + 1000), {
      kind: 'price',
      symbol: 'BBB',
    });
    await fire(app.ctx.database.db, b.user.id, new Date(t0 + 2000), { symbol: 'CCC' });

    const res = await app.call('GET', '/api/alerts/webhook/deliveries', { token: a.token });
    expect(res.status).toBe(200);
    const { deliveries } = webhookDeliveriesAnswerSchema.parse(res.body);
    expect(deliveries.map((d) => [d.id, d.type, d.url, d.symbol, d.created_at])).toEqual([
      [second?.id, 'price', `${receiver.url}/ap`, 'BBB', t0 + 1000],
      [first?.id, 'high_low', `${receiver.url}/a`, 'AAA', t0],
    ]);
    expect(deliveries[0]).toMatchObject({ attempts: expect.any(Number), error: null });

    for (let i = 0; i < WEBHOOK_LOG_MAX; i++) {
      await fire(app.ctx.database.db, a.user.id, new Date(t0 + 10_000 + i), { symbol: `N${i}` });
    }
    const full = webhookDeliveriesAnswerSchema.parse(
      (await app.call('GET', '/api/alerts/webhook/deliveries', { token: a.token })).body,
    ).deliveries;
    expect(full).toHaveLength(WEBHOOK_LOG_MAX);
    expect(full[0]?.symbol).toBe(`N${WEBHOOK_LOG_MAX - 1}`);
    expect(full.at(-1)?.symbol).toBe('N0');

    const other = webhookDeliveriesAnswerSchema.parse(
      (await app.call('GET', '/api/alerts/webhook/deliveries', { token: b.token })).body,
    ).deliveries;
    expect(other.map((d) => d.symbol)).toEqual(['CCC']);
  });
});

describe('POST /api/alerts/webhook/secret', () => {
  it('rotates the signing secret: deliveries from then on verify with the new one, not the old', async () => {
    const a = await seedSubscriber(app);
    const old = await setWebhooks(app.ctx.database.db, a.user.id, { high_low: `${receiver.url}/rotated` });

    const res = await app.call('POST', '/api/alerts/webhook/secret', { token: a.token });
    expect(res.status).toBe(200);
    const { webhook_secret: secret } = webhookSecretAnswerSchema.parse(res.body);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secret).not.toBe(old);
    expect(await secretOf(a.user.id)).toBe(secret);

    await app.call('POST', '/api/alerts/webhook/test', { token: a.token });
    await deliverAll();
    const rotated = () => receiver.received.filter((r) => r.path === '/rotated');
    await expect.poll(() => rotated().length, { timeout: 10_000, interval: 10 }).toBe(1);
    const got = rotated()[0];
    expect(new Webhook(secret).verify(got?.body ?? '', got?.headers ?? {})).toMatchObject({
      type: 'high_low',
    });
    expect(() => new Webhook(old).verify(got?.body ?? '', got?.headers ?? {})).toThrow();
  });

  it('gives a trader who never saved alert settings a secret', async () => {
    const a = await seedSubscriber(app);
    expect(await secretOf(a.user.id)).toBeUndefined();
    const res = await app.call('POST', '/api/alerts/webhook/secret', { token: a.token });
    expect(res.status).toBe(200);
    expect(await secretOf(a.user.id)).toBe(webhookSecretAnswerSchema.parse(res.body).webhook_secret);
  });
});

describe('POST /api/alerts/webhook/test', () => {
  it('queues one sample per URL set, typed for that URL, kept out of the alert history', async () => {
    const a = await seedSubscriber(app);
    await setWebhooks(app.ctx.database.db, a.user.id, {
      high_low: `${receiver.url}/t-hl`,
      halts: `${receiver.url}/t-halts`,
      conditional: `${receiver.url}/t-cond`,
      uvol: '',
    });
    const res = await app.call('POST', '/api/alerts/webhook/test', { token: a.token });
    expect(res.status).toBe(200);
    expect(webhookTestAnswerSchema.parse(res.body)).toEqual({ success: true, queued: 3 });
    const rows = await app.ctx.database.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.userId, a.user.id));
    expect(rows.map((r) => [r.webhookType, r.target, r.symbol]).sort()).toEqual([
      ['conditional', `${receiver.url}/t-cond`, 'TEST'],
      ['halts', `${receiver.url}/t-halts`, 'TEST'],
      ['high_low', `${receiver.url}/t-hl`, 'TEST'],
    ]);

    await deliverAll();
    const paths = () =>
      receiver.received
        .filter((r) => r.path.startsWith('/t-'))
        .map((r) => r.path)
        .sort();
    await expect.poll(paths, { timeout: 10_000, interval: 10 }).toEqual(['/t-cond', '/t-halts', '/t-hl']);
    const halts = JSON.parse(receiver.received.find((r) => r.path === '/t-halts')?.body ?? '{}');
    expect(halts).toMatchObject({ type: 'halts', symbol: 'TEST', subtype: 'halt' });
    const history = await app.call('GET', '/api/alert_history', { token: a.token });
    expect(alertHistoryResponseSchema.parse(history.body)).toEqual([]);
  });

  it('queues nothing for a trader without URLs', async () => {
    const a = await seedSubscriber(app);
    const res = await app.call('POST', '/api/alerts/webhook/test', { token: a.token });
    expect(res.body).toEqual({ success: true, queued: 0 });
  });
});

describe('POST /api/alerts/webhook/test, rate limited', () => {
  const limited = withApp({ mail: 'outbox', env: { RATE_LIMIT_SCALE: '1' } });

  it('allows 5 a minute per trader, then answers 429 and queues nothing', async () => {
    const a = await seedSubscriber(limited);
    // ftp: the app's own worker records these failed without resolving or dialling anything.
    await setWebhooks(limited.ctx.database.db, a.user.id, { high_low: 'ftp://files.example.com/in' });
    for (let i = 0; i < 5; i++) {
      expect((await limited.call('POST', '/api/alerts/webhook/test', { token: a.token })).status).toBe(200);
    }
    const refused = await limited.call('POST', '/api/alerts/webhook/test', { token: a.token });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limited' });
    const rows = await limited.ctx.database.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.userId, a.user.id));
    expect(rows).toHaveLength(5);
    const other = await seedSubscriber(limited);
    expect((await limited.call('POST', '/api/alerts/webhook/test', { token: other.token })).status).toBe(200);
  });
});
