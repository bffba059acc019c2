import {
  type FiredDraft,
  PRODUCT_SHORT_NAME,
  PUSH_PAYLOAD_MAX_BYTES,
  pushKeyAnswerSchema,
  pushPayloadOf,
  pushPayloadSchema,
} from '@tapeline/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AlertDeliveryRow,
  alertDeliveries,
  alertOutbox,
  pushDevices,
} from '../../../platform/db/schema.ts';
import { type SeededUser, seedSubscriber } from '../../../test/factories.ts';
import { type PushService, startPushService, type TestSubscription } from '../../../test/pushService.ts';
import { withApp } from '../../../test/withApp.ts';
import { createPushSender, enqueuePushDeliveries, PUSH_TTL_SECONDS } from './pushSender.ts';

let service: PushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
});
const app = withApp({ mail: 'outbox', env: { PUSH_ALLOW_INSECURE: 'true' } });

let sequence = 0;

/** A trader with a browser subscribed with this app's key, as the web client does it. */
async function traderWithBrowser(): Promise<{
  trader: SeededUser;
  sub: TestSubscription;
  publicKey: string;
}> {
  const trader = await seedSubscriber(app);
  const { body } = await app.call('GET', '/api/alerts/push/key', { token: trader.token });
  const { publicKey } = pushKeyAnswerSchema.parse(body);
  const sub = service.createSubscription(publicKey);
  const res = await app.call('POST', '/api/alerts/device/webpush', {
    token: trader.token,
    body: { registration_id: JSON.stringify(sub) },
  });
  expect(res.status).toBe(200);
  return { trader, sub, publicKey };
}

function draftFor(userId: string, msg = 'ABC new high 12.10'): FiredDraft {
  sequence += 1;
  return {
    key: `${userId}:1:ABC:trade:${sequence}`,
    userId,
    ruleId: 1,
    kind: 'trade',
    symbol: 'ABC',
    msg,
    time: app.clock.now(),
    published_ts: app.clock.now() + 800,
    price: 12.1,
    price_dist: null,
    uv: null,
    vwap: null,
    vwap_dist: null,
    zone: 'primary_high',
  };
}

/**
 * An alert fired for `userId` and dispatched: the push rows written with its outbox row. They
 * are parked a day ahead, so the app's own delivery worker leaves them to the test's sender.
 */
async function fire(userId: string, msg?: string): Promise<AlertDeliveryRow[]> {
  const draft = draftFor(userId, msg);
  const db = app.ctx.database.db;
  const written = await db.transaction(async (tx) => {
    const [row] = await tx.insert(alertOutbox).values({ key: draft.key, userId, alert: draft }).returning();
    if (!row) throw new Error('outbox insert returned nothing');
    await enqueuePushDeliveries(tx, row);
    return tx.select().from(alertDeliveries).where(eq(alertDeliveries.outboxId, row.id));
  });
  expect(written.every((d) => d.status === 'pending' && d.nextAttemptAt === null)).toBe(true);
  const later = new Date(app.clock.now() + 86_400_000);
  for (const d of written) {
    await db.update(alertDeliveries).set({ nextAttemptAt: later }).where(eq(alertDeliveries.id, d.id));
  }
  return written;
}

const sender = () => createPushSender(app.ctx);

describe('a fired alert', () => {
  it('reaches the browser through the outbox and the delivery worker', async () => {
    const { trader, sub } = await traderWithBrowser();
    const draft = draftFor(trader.user.id, 'ABC halted (LUDP)');
    await app.app.alerts.outbox.record([draft]);
    await app.app.alerts.outbox.idle();
    await app.app.alerts.deliveries.runOnce();
    const [push] = service.received(sub.endpoint);
    expect(JSON.parse(push?.payload ?? '{}')).toMatchObject({
      title: PRODUCT_SHORT_NAME,
      body: 'ABC halted (LUDP)',
    });
    const rows = await app.ctx.database.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.userId, trader.user.id));
    expect(rows).toMatchObject([{ channel: 'push', status: 'delivered', attempts: 1, responseStatus: 201 }]);
  });
});

describe('the web push sender', () => {
  it('delivers the notification the browser decrypts, signed with the VAPID key it subscribed with', async () => {
    const { trader, sub, publicKey } = await traderWithBrowser();
    const [delivery, ...rest] = await fire(trader.user.id);
    expect(rest).toEqual([]);
    if (!delivery) throw new Error('no delivery row');
    expect(delivery).toMatchObject({
      channel: 'push',
      userId: trader.user.id,
      symbol: 'ABC',
      status: 'pending',
    });

    const result = await sender().send(delivery);
    expect(result).toEqual({ outcome: 'delivered', status: 201 });
    const [push] = service.received(sub.endpoint);
    expect(push).toBeDefined();
    expect(JSON.parse(push?.payload ?? '')).toEqual({
      title: PRODUCT_SHORT_NAME,
      body: 'ABC new high 12.10',
      tag: 'trade:ABC',
      data: {
        url: '/dashboard',
        symbol: 'ABC',
        id: delivery.outboxId,
        // The print's exchange time and the server's publish time, as on the socket.
        time: app.clock.now(),
        published_ts: app.clock.now() + 800,
      },
    });
    expect(push).toMatchObject({ ttl: PUSH_TTL_SECONDS, urgency: 'high' });
    expect(push?.vapid).toMatchObject({ aud: new URL(sub.endpoint).origin, publicKey });
    // The test app has an http APP_URL, so the subject is the mail sender's address.
    expect(push?.vapid.sub).toBe('mailto:no-reply@tapeline.local');
  });

  it('writes one row per browser of the trader and none for another trader', async () => {
    const { trader } = await traderWithBrowser();
    const second = service.createSubscription();
    await app.call('POST', '/api/alerts/device/webpush', {
      token: trader.token,
      body: { registration_id: JSON.stringify(second) },
    });
    await app.call('POST', '/api/alerts/device/apn', {
      token: trader.token,
      body: { registration_id: 'ab'.repeat(32) },
    });
    const rows = await fire(trader.user.id);
    expect(rows).toHaveLength(2);
    const loner = await seedSubscriber(app);
    expect(await fire(loner.user.id)).toEqual([]);
  });

  it.each([404, 410])(
    'removes a browser whose push service answers %i, and says it is gone',
    async (status) => {
      const { trader, sub } = await traderWithBrowser();
      const [delivery] = await fire(trader.user.id);
      if (!delivery) throw new Error('no delivery row');
      service.answerWith(sub.endpoint, status);
      expect(await sender().send(delivery)).toMatchObject({ outcome: 'gone', status });
      const left = await app.ctx.database.db
        .select()
        .from(pushDevices)
        .where(eq(pushDevices.userId, trader.user.id));
      expect(left).toEqual([]);
    },
  );

  it.each([
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [400, 'failed'],
    [403, 'failed'],
    [413, 'failed'],
  ])('answers %i from the push service with %s and keeps the browser', async (status, outcome) => {
    const { trader, sub } = await traderWithBrowser();
    const [delivery] = await fire(trader.user.id);
    if (!delivery) throw new Error('no delivery row');
    service.answerWith(sub.endpoint, status);
    expect(await sender().send(delivery)).toMatchObject({ outcome, status });
    const left = await app.ctx.database.db
      .select()
      .from(pushDevices)
      .where(eq(pushDevices.userId, trader.user.id));
    expect(left).toHaveLength(1);
  });

  it('retries when the push service cannot be reached', async () => {
    const { trader } = await traderWithBrowser();
    const [delivery] = await fire(trader.user.id);
    if (!delivery) throw new Error('no delivery row');
    await app.ctx.database.db
      .update(pushDevices)
      .set({ endpoint: 'http://127.0.0.1:1/push/nobody' })
      .where(eq(pushDevices.userId, trader.user.id));
    expect(await sender().send(delivery)).toMatchObject({ outcome: 'retry', status: null });
  });

  it("does not show a trader's alert on a browser that has since been signed into another account", async () => {
    const { trader, sub } = await traderWithBrowser();
    const [delivery] = await fire(trader.user.id);
    if (!delivery) throw new Error('no delivery row');
    const next = await seedSubscriber(app);
    await app.call('POST', '/api/alerts/device/webpush', {
      token: next.token,
      body: { registration_id: JSON.stringify(sub) },
    });
    expect(await sender().send(delivery)).toMatchObject({ outcome: 'gone' });
    expect(service.received(sub.endpoint)).toEqual([]);
  });

  it('says gone for a browser removed since the alert fired', async () => {
    const { trader, sub } = await traderWithBrowser();
    const [delivery] = await fire(trader.user.id);
    if (!delivery) throw new Error('no delivery row');
    await app.call('POST', '/api/alerts/device/webpush', {
      token: trader.token,
      body: { registration_id: null, endpoint: sub.endpoint },
    });
    expect(await sender().send(delivery)).toMatchObject({ outcome: 'gone', status: null });
  });

  it('fits a long message into one push, cut at a character', async () => {
    const { trader, sub } = await traderWithBrowser();
    const long = `12 more alerts: ${'🚀ABC, '.repeat(2000)}`;
    const [delivery] = await fire(trader.user.id, long);
    if (!delivery) throw new Error('no delivery row');
    expect(await sender().send(delivery)).toMatchObject({ outcome: 'delivered' });
    const [push] = service.received(sub.endpoint);
    expect(Buffer.byteLength(push?.payload ?? '')).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    const shown = pushPayloadSchema.parse(JSON.parse(push?.payload ?? ''));
    expect(shown.body.endsWith('…')).toBe(true);
    expect(long.startsWith(shown.body.slice(0, -1))).toBe(true);
    expect(shown).toEqual(
      pushPayloadOf({
        id: delivery.outboxId ?? 0,
        kind: 'trade',
        symbol: 'ABC',
        msg: long,
        time: app.clock.now(),
        published_ts: app.clock.now() + 800,
      }),
    );
  });
});
