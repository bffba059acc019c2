import { randomBytes } from 'node:crypto';
import { CHAT_EVENTS, PRODUCT_SHORT_NAME, pushKeyAnswerSchema, pushPayloadSchema } from '@tapeline/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { alertDeliveries } from '../../platform/db/schema.ts';
import { seedUser } from '../../test/factories.ts';
import { type PushService, startPushService, type TestSubscription } from '../../test/pushService.ts';
import type { TestApp } from '../../test/testApp.ts';
import { until } from '../../test/waitFor.ts';
import { withApp } from '../../test/withApp.ts';
import { startDeliveryWorker } from '../alerts/delivery/worker.ts';
import { createPushSender } from '../alerts/push/pushSender.ts';
import { chatTab, closeTabs, POST_STEP_MS } from './testing/chatKit.ts';
import { trader } from './testing/people.ts';

// A mention's web push (docs/chat.md "Mentions"): written with the message as alert_deliveries
// rows, sent by the alerts' delivery worker to the loopback push service, which decrypts it as
// the browser would. Two API nodes on one database and one Redis, each with its own worker.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Nodes without a shared DATA_DIR are given one VAPID pair, as they are one JWT secret.
const vapid = webpush.generateVAPIDKeys();
const env = {
  REDIS_URL,
  JWT_SECRET: randomBytes(32).toString('hex'),
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  PUSH_ALLOW_INSECURE: 'true',
};
const nodeA = withApp({ mail: 'outbox', env });
const nodeB = withApp(() => ({ mail: 'outbox', env, shareDatabaseWith: nodeA }));

let service: PushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  closeTabs();
  await service.close();
});

type Person = Awaited<ReturnType<typeof trader>>;

/** A browser subscribed with the app's key and registered for `person`, as the web client does it. */
async function browserOf(person: Person): Promise<TestSubscription> {
  const { body } = await nodeA.call('GET', '/api/alerts/push/key', { token: person.token });
  const sub = service.createSubscription(pushKeyAnswerSchema.parse(body).publicKey);
  const res = await nodeA.call('POST', '/api/alerts/device/webpush', {
    token: person.token,
    body: { registration_id: JSON.stringify(sub) },
  });
  expect(res.status).toBe(200);
  return sub;
}

/** `author` posts `msg` to #swing on `node`; the message id. */
async function post(node: TestApp, author: Person, msg: string): Promise<number> {
  nodeA.clock.advance(POST_STEP_MS);
  nodeB.clock.advance(POST_STEP_MS);
  const ack = await (await chatTab(node, author.token)).call(CHAT_EVENTS.send, { channel: 'swing', msg });
  if (!ack.ok || ack.id === undefined) throw new Error(`send refused: ${JSON.stringify(ack)}`);
  return ack.id;
}

const rowsOf = (messageId: number) =>
  nodeA.ctx.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.chatMessageId, messageId));

const shown = (sub: TestSubscription) =>
  service.received(sub.endpoint).map((p) => pushPayloadSchema.parse(JSON.parse(p.payload)));

/** Both nodes' workers look now (each also polls); resolves when each pass has ended. */
const deliverBoth = () =>
  Promise.all([nodeA.app.alerts.deliveries.runOnce(), nodeB.app.alerts.deliveries.runOnce()]);

describe('a mention', () => {
  it('reaches the mentioned browser as a web push that decrypts to the chat notification, and as the toast', async () => {
    const alice = await trader(nodeA);
    const bob = await trader(nodeA);
    const bobsBrowser = await browserOf(bob);
    const bobsTab = await chatTab(nodeB, bob.token);
    const text = `@${bob.name} look at this\n${'x'.repeat(200)}`;
    const id = await post(nodeA, alice, text);

    await deliverBoth();
    const [push, ...more] = await until('the push', async () =>
      shown(bobsBrowser).length > 0 ? shown(bobsBrowser) : undefined,
    );
    expect(more).toEqual([]);
    expect(push).toEqual({
      title: `${PRODUCT_SHORT_NAME} chat`,
      body: `${alice.name} mentioned you in #Swing Trading: @${bob.name} look at this ${'x'.repeat(120 - bob.name.length - 15)}…`,
      tag: `chat:${id}`,
      data: { url: '/dashboard', symbol: '', id },
    });
    expect(await bobsTab.next('mention')).toMatchObject({ id, from: alice.name, channel_id: 'swing' });
    expect(await rowsOf(id)).toMatchObject([
      {
        userId: bob.user.id,
        channel: 'push',
        outboxId: null,
        status: 'delivered',
        attempts: 1,
        responseStatus: 201,
      },
    ]);
  });

  it('is not pushed to a user whose profile has chat notification off, nor to the author', async () => {
    const alice = await trader(nodeA);
    const quiet = await trader(nodeA, { chatNotification: false });
    const bob = await trader(nodeA);
    const alicesBrowser = await browserOf(alice);
    const quietBrowser = await browserOf(quiet);
    const bobsBrowser = await browserOf(bob);
    const quietTab = await chatTab(nodeA, quiet.token);
    const id = await post(nodeA, alice, `@${alice.name} @${quiet.name} @${bob.name} all here?`);

    await deliverBoth();
    await until('bob has it', async () => (shown(bobsBrowser).length === 1 ? true : undefined));
    // Written with the message or not at all: bob's is the only row, so nothing else is coming.
    expect((await rowsOf(id)).map((r) => r.userId)).toEqual([bob.user.id]);
    expect(shown(quietBrowser)).toEqual([]);
    expect(shown(alicesBrowser)).toEqual([]);
    expect(quietTab.of('mention')).toEqual([]);
  });

  it('notifies at most five users a message, and users without a browser get no row', async () => {
    const alice = await trader(nodeA);
    const people = [];
    for (let i = 0; i < 7; i++) people.push(await trader(nodeA));
    const noBrowser = await trader(nodeA);
    for (const person of people) await browserOf(person);
    const names = [noBrowser, ...people].map((p) => `@${p.name}`).join(' ');
    const id = await post(nodeA, alice, names);
    // The first five names: noBrowser (no device, no row) and four with a browser.
    expect((await rowsOf(id)).map((r) => r.userId).sort()).toEqual(
      people
        .slice(0, 4)
        .map((p) => p.user.id)
        .sort(),
    );
  });
});

describe('mention pushes across two nodes', () => {
  it('are delivered once per browser, whichever node sends them', async () => {
    const alice = await trader(nodeA);
    const bob = await trader(nodeA);
    const carol = await trader(nodeA);
    const browsers = [await browserOf(bob), await browserOf(bob), await browserOf(carol)];
    const ids = [
      await post(nodeA, alice, `@${bob.name} @${carol.name} one`),
      await post(nodeB, alice, `@${bob.name} @${carol.name} two`),
      await post(nodeA, alice, `@${carol.name} @${bob.name} three`),
    ];
    await Promise.all([deliverBoth(), deliverBoth()]);
    await until('every push', async () => (browsers.every((b) => shown(b).length >= 3) ? true : undefined));
    // Let any duplicate that was going to arrive arrive (both nodes also poll every 250 ms).
    await new Promise((resolve) => setTimeout(resolve, 600));
    for (const browser of browsers) {
      expect(
        shown(browser)
          .map((p) => p.data.id)
          .sort(),
      ).toEqual([...ids].sort());
    }
    const rows = await nodeA.ctx.database.db
      .select()
      .from(alertDeliveries)
      .where(inArray(alertDeliveries.chatMessageId, ids));
    expect(rows).toHaveLength(9);
    expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
  });
});

describe('a mention written down while no worker runs', () => {
  it('is sent by the next worker to start (the node that wrote it stopped)', async () => {
    await nodeA.app.alerts.deliveries.stop();
    await nodeB.app.alerts.deliveries.stop();
    const alice = await trader(nodeA);
    const bob = await trader(nodeA);
    const bobsBrowser = await browserOf(bob);
    const id = await post(nodeA, alice, `@${bob.name} still there?`);
    expect(await rowsOf(id)).toMatchObject([{ status: 'pending', attempts: 0, nextAttemptAt: null }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(shown(bobsBrowser)).toEqual([]);

    const next = startDeliveryWorker(nodeB.ctx, [createPushSender(nodeB.ctx)], { pollMs: 0 });
    try {
      expect(await next.runOnce()).toBe(1);
    } finally {
      await next.stop();
    }
    expect(await rowsOf(id)).toMatchObject([{ status: 'delivered', attempts: 1 }]);
    expect(shown(bobsBrowser)).toMatchObject([{ tag: `chat:${id}`, data: { id } }]);
  });

  it('is called off when a mod deletes the message first', async () => {
    const alice = await trader(nodeA);
    const bob = await trader(nodeA);
    const mod = await seedUser(nodeA, { role: 'mod' });
    const bobsBrowser = await browserOf(bob);
    const id = await post(nodeA, alice, `@${bob.name} buy my course`);
    const modTab = await chatTab(nodeA, mod.token);
    expect(await modTab.call(CHAT_EVENTS.delete, { id })).toEqual({ ok: true });
    expect(await rowsOf(id)).toMatchObject([{ status: 'disabled', error: 'message deleted' }]);

    const next = startDeliveryWorker(nodeA.ctx, [createPushSender(nodeA.ctx)], { pollMs: 0 });
    try {
      expect(await next.runOnce()).toBe(0);
    } finally {
      await next.stop();
    }
    expect(shown(bobsBrowser)).toEqual([]);
  });
});
