import { PUSH_DEVICES_MAX, pushKeyAnswerSchema, pushMessages, SPN_GONE_ERROR } from '@tapeline/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDevices } from '../../../platform/db/schema.ts';
import { seedSubscriber, seedUser } from '../../../test/factories.ts';
import { type PushService, startPushService, type TestSubscription } from '../../../test/pushService.ts';
import { withApp } from '../../../test/withApp.ts';

let service: PushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
});
const app = withApp({ mail: 'outbox', env: { PUSH_ALLOW_INSECURE: 'true' } });

const register = (token: string, registration: unknown, kind = 'webpush') =>
  app.call('POST', `/api/alerts/device/${kind}`, {
    token,
    body: { registration_id: typeof registration === 'string' ? registration : JSON.stringify(registration) },
  });

async function devicesOf(userId: string) {
  return app.ctx.database.db.select().from(pushDevices).where(eq(pushDevices.userId, userId));
}

async function subscribed(): Promise<TestSubscription> {
  const { body } = await app.call('GET', '/api/alerts/push/key', {
    token: (await seedSubscriber(app)).token,
  });
  return service.createSubscription(pushKeyAnswerSchema.parse(body).publicKey);
}

describe('GET /api/alerts/push/key', () => {
  it('answers the same application server key to every subscriber', async () => {
    const a = await app.call('GET', '/api/alerts/push/key', { token: (await seedSubscriber(app)).token });
    const b = await app.call('GET', '/api/alerts/push/key', { token: (await seedSubscriber(app)).token });
    expect(a.status).toBe(200);
    const { publicKey } = pushKeyAnswerSchema.parse(a.body);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(b.body).toEqual(a.body);
  });
});

describe('POST /api/alerts/device/webpush', () => {
  it("registers this browser's subscription for the caller", async () => {
    const trader = await seedSubscriber(app);
    const sub = await subscribed();
    const res = await register(trader.token, sub);
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(await devicesOf(trader.user.id)).toMatchObject([
      { kind: 'webpush', endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth },
    ]);
    // Registering again (every page load does) keeps one row.
    expect((await register(trader.token, sub)).status).toBe(200);
    expect(await devicesOf(trader.user.id)).toHaveLength(1);
  });

  it('moves a browser to the account that registers it last, so the previous one stops reaching it', async () => {
    const first = await seedSubscriber(app);
    const second = await seedSubscriber(app);
    const sub = await subscribed();
    await register(first.token, sub);
    expect((await register(second.token, sub)).status).toBe(200);
    expect(await devicesOf(first.user.id)).toEqual([]);
    expect(await devicesOf(second.user.id)).toMatchObject([{ endpoint: sub.endpoint }]);
  });

  it('removes only the caller’s own registration', async () => {
    const owner = await seedSubscriber(app);
    const other = await seedSubscriber(app);
    const sub = await subscribed();
    await register(owner.token, sub);
    const remove = (token: string) =>
      app.call('POST', '/api/alerts/device/webpush', {
        token,
        body: { registration_id: null, endpoint: sub.endpoint },
      });
    expect((await remove(other.token)).status).toBe(200);
    expect(await devicesOf(owner.user.id)).toHaveLength(1);
    expect((await remove(owner.token)).status).toBe(200);
    expect(await devicesOf(owner.user.id)).toEqual([]);
  });

  it(`keeps the newest ${PUSH_DEVICES_MAX} browsers of a trader`, async () => {
    const trader = await seedSubscriber(app);
    const subs: TestSubscription[] = [];
    for (let i = 0; i < PUSH_DEVICES_MAX + 2; i++) {
      const sub = service.createSubscription();
      subs.push(sub);
      expect((await register(trader.token, sub)).status).toBe(200);
      app.clock.advance(1000);
    }
    const kept = (await devicesOf(trader.user.id)).map((d) => d.endpoint).sort();
    expect(kept).toEqual(
      subs
        .slice(2)
        .map((s) => s.endpoint)
        .sort(),
    );
  });

  const good = () => service.createSubscription();
  const flip = (key: string) => {
    const bytes = Buffer.from(key, 'base64url');
    bytes[40] = (bytes[40] ?? 0) ^ 1;
    return bytes.toString('base64url');
  };
  it.each<[string, () => unknown, string]>([
    ['not JSON', () => '{"endpoint":', pushMessages.invalidSubscription],
    ['JSON of another shape', () => ({ endpoint: good().endpoint }), pushMessages.invalidSubscription],
    [
      'a key that is not a P-256 point',
      () => ({ ...good(), keys: { ...good().keys, p256dh: flip(good().keys.p256dh) } }),
      pushMessages.invalidSubscription,
    ],
    [
      'an auth secret of the wrong size',
      () => ({ ...good(), keys: { ...good().keys, auth: 'c2hvcnQ' } }),
      pushMessages.invalidSubscription,
    ],
    [
      'credentials in the endpoint',
      () => ({ ...good(), endpoint: 'http://user:pw@127.0.0.1:9/push/x' }),
      pushMessages.insecureEndpoint,
    ],
    [
      'a non-http endpoint',
      () => ({ ...good(), endpoint: 'ftp://push.example/x' }),
      pushMessages.insecureEndpoint,
    ],
  ])('refuses %s with a 400 and stores nothing', async (_what, body, message) => {
    const trader = await seedSubscriber(app);
    const res = await register(trader.token, body());
    expect(res).toMatchObject({ status: 400, body: { error: 'bad_request', message } });
    expect(await devicesOf(trader.user.id)).toEqual([]);
  });

  it('asks which registration a removal means', async () => {
    const trader = await seedSubscriber(app);
    const res = await app.call('POST', '/api/alerts/device/webpush', {
      token: trader.token,
      body: { registration_id: null },
    });
    expect(res).toMatchObject({ status: 400, body: { message: pushMessages.removalNeedsEndpoint } });
  });

  it('refuses an unknown device kind and a missing body', async () => {
    const trader = await seedSubscriber(app);
    expect((await register(trader.token, good(), 'sms')).status).toBe(400);
    expect(
      (await app.call('POST', '/api/alerts/device/webpush', { token: trader.token, body: {} })).status,
    ).toBe(400);
  });

  it('needs a subscription', async () => {
    const lapsed = await seedUser(app);
    expect((await register(lapsed.token, good())).status).toBe(403);
    expect(await devicesOf(lapsed.user.id)).toEqual([]);
    expect(
      (await app.call('POST', '/api/alerts/device/webpush', { body: { registration_id: null } })).status,
    ).toBe(401);
  });
});

describe('native tokens (apn, fcm)', () => {
  it('keeps a token per kind and removes it by token', async () => {
    const trader = await seedSubscriber(app);
    const token = 'a'.repeat(64);
    expect((await register(trader.token, token, 'apn')).status).toBe(200);
    expect((await register(trader.token, 'fcm-token:APA91b_x-y', 'fcm')).status).toBe(200);
    expect((await devicesOf(trader.user.id)).map((d) => [d.kind, d.endpoint]).sort()).toEqual([
      ['apn', token],
      ['fcm', 'fcm-token:APA91b_x-y'],
    ]);
    await app.call('POST', '/api/alerts/device/apn', {
      token: trader.token,
      body: { registration_id: null, endpoint: token },
    });
    expect((await devicesOf(trader.user.id)).map((d) => d.kind)).toEqual(['fcm']);
  });

  it('refuses a token with spaces or markup', async () => {
    const trader = await seedSubscriber(app);
    expect((await register(trader.token, 'a token', 'fcm')).status).toBe(400);
    expect((await register(trader.token, '<b>', 'apn')).status).toBe(400);
    expect(await devicesOf(trader.user.id)).toEqual([]);
  });
});

describe('POST /api/spn', () => {
  it("answers 410: Safari's legacy push gave way to standard Web Push", async () => {
    const trader = await seedSubscriber(app);
    const res = await app.call('POST', '/api/spn', { token: trader.token, body: {} });
    expect(res).toMatchObject({
      status: 410,
      body: { error: SPN_GONE_ERROR, message: pushMessages.spnGone },
    });
  });
});
