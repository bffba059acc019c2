import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { postPush } from '../modules/alerts/push/pushRequest.ts';
import { type PushService, startPushService } from './pushService.ts';

// The loopback push service is only worth its tests if it refuses what a real push service and
// browser would: these check that it does, with messages web-push itself prepares.

let service: PushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
});

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@tapeline.example' };

function request(sub: webpush.PushSubscription, payload: string, options: webpush.RequestOptions = {}) {
  return webpush.generateRequestDetails(sub, payload, { vapidDetails: vapid, TTL: 60, ...options });
}

describe('the loopback push service', () => {
  it('accepts a VAPID-signed aes128gcm message and decrypts it as the browser would', async () => {
    const sub = service.createSubscription(vapid.publicKey);
    const answer = await postPush(request(sub, 'héllo 🚀', { urgency: 'high', topic: 'abc' }), true);
    expect(answer.status).toBe(201);
    expect(service.received(sub.endpoint)).toMatchObject([
      { payload: 'héllo 🚀', ttl: 60, urgency: 'high', topic: 'abc', vapid: { sub: vapid.subject } },
    ]);
  });

  it('refuses a message signed with another key than the subscription was made with (403)', async () => {
    const sub = service.createSubscription(webpush.generateVAPIDKeys().publicKey);
    expect((await postPush(request(sub, 'x'), true)).status).toBe(403);
    expect(service.received(sub.endpoint)).toEqual([]);
  });

  it('refuses a JWT whose signature does not verify with k (401)', async () => {
    const sub = service.createSubscription();
    const details = request(sub, 'x');
    const auth = String(details.headers.Authorization);
    // Another key in k= than the one that signed t=.
    details.headers.Authorization = auth.replace(/k=[^,]+/, `k=${webpush.generateVAPIDKeys().publicKey}`);
    expect((await postPush(details, true)).status).toBe(401);
    expect(service.refused.at(-1)?.reason).toMatch(/signature/);
  });

  it('refuses a JWT for another audience (401)', async () => {
    const sub = service.createSubscription();
    const elsewhere = { ...sub, endpoint: sub.endpoint.replace('127.0.0.1', 'localhost') };
    const details = request(elsewhere, 'x');
    details.endpoint = sub.endpoint;
    expect((await postPush(details, true)).status).toBe(401);
    expect(service.refused.at(-1)?.reason).toMatch(/aud/);
  });

  it('refuses a message encrypted for another subscription (400) and one without TTL', async () => {
    const sub = service.createSubscription();
    const other = service.createSubscription();
    const details = request({ ...sub, keys: other.keys }, 'x');
    expect((await postPush(details, true)).status).toBe(400);
    expect(service.refused.at(-1)?.reason).toMatch(/does not decrypt/);
    const noTtl = request(sub, 'x');
    delete (noTtl.headers as Record<string, unknown>).TTL;
    expect((await postPush(noTtl, true)).status).toBe(400);
    expect(service.received(sub.endpoint)).toEqual([]);
  });

  it('answers 404 for an unknown subscription and what it is told for a known one', async () => {
    const sub = service.createSubscription();
    const unknown = { ...sub, endpoint: sub.endpoint.replace(/[0-9a-f]{12}$/, '000000000000') };
    expect((await postPush(request(unknown, 'x'), true)).status).toBe(404);
    service.answerWith(sub.endpoint, 410);
    expect((await postPush(request(sub, 'x'), true)).status).toBe(410);
    service.answerWith(sub.endpoint, null);
    expect((await postPush(request(sub, 'x'), true)).status).toBe(201);
  });

  it('is refused at connect when private addresses are not allowed', async () => {
    const sub = service.createSubscription();
    const named = { ...sub, endpoint: sub.endpoint.replace('127.0.0.1', 'localhost') };
    await expect(postPush(request(named, 'x'), false)).rejects.toMatchObject({ code: 'EWEBHOOKBLOCKED' });
  });
});
