import { webhookPayloadSchema } from '@tapeline/core';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../platform/db/client.ts';
import { alertDeliveries, alertSettings } from '../../../platform/db/schema.ts';
import { openTestDatabase } from '../../../test/testDatabase.ts';
import { RETRY_DELAYS_MS } from '../delivery/retrySchedule.ts';
import { type DeliveryWorker, startDeliveryWorker } from '../delivery/worker.ts';
import { newWebhookSecret } from '../rules/webhookSecret.ts';
import { type LoopbackReceiver, startLoopbackReceiver } from './loopbackReceiver.ts';
import { deliveryRow, fire, type StillClock, setWebhooks, stillClock, traderIn } from './testKit.ts';
import {
  createWebhookSender,
  FTP_UNSUPPORTED,
  WEBHOOK_TIMEOUT_MS,
  WEBHOOK_USER_AGENT,
  type WebhookSender,
} from './webhookSender.ts';

// The webhook sender behind the delivery worker, against a real HTTP receiver on 127.0.0.1
// (private targets allowed here; the SSRF rules have their own file). The database is this
// file's own, served by no app, so no other worker claims its rows.

let database: Database;
let receiver: LoopbackReceiver;
const stops: (() => unknown)[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  receiver = await startLoopbackReceiver();
});
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  receiver.received.length = 0;
  receiver.answer({ status: 200 });
  await database.db.delete(alertDeliveries);
});
afterAll(async () => {
  await receiver.close();
  await database.close();
});

function worker(
  clock: StillClock,
  options: { timeoutMs?: number; concurrency?: number } = {},
): DeliveryWorker {
  const sender: WebhookSender = createWebhookSender({
    db: database.db,
    clock,
    allowPrivate: true,
    timeoutMs: options.timeoutMs,
  });
  const started = startDeliveryWorker({ database, clock, log: silentLog }, [sender], {
    pollMs: 0,
    concurrency: options.concurrency,
  });
  stops.push(async () => {
    await started.stop();
    sender.close();
  });
  return started;
}

const silentLog = pino({ level: 'silent' });

describe('webhook delivery', () => {
  it('POSTs the alert as JSON, signed so that standardwebhooks verifies it, and records it delivered', async () => {
    const clock = stillClock();
    const user = await traderIn(database.db);
    const secret = await setWebhooks(database.db, user, { high_low: `${receiver.url}/hook` });
    const [row] = await fire(database.db, user, clock.now(), { kind: 'trade', symbol: 'ABC' });
    if (!row) throw new Error('no delivery row');

    expect(await worker(clock).runOnce()).toBe(1);

    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0];
    expect(got?.path).toBe('/hook');
    expect(got?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'webhook-id': `msg_${row.id}`,
      'webhook-timestamp': String(Math.floor(clock.now().getTime() / 1000)),
    });
    expect(got?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const verified = new Webhook(secret).verify(got?.body ?? '', got?.headers ?? {});
    expect(webhookPayloadSchema.parse(verified)).toEqual({
      type: 'high_low',
      symbol: 'ABC',
      msg: 'ABC new high 12.00',
      time: clock.now().getTime(),
      price: 12,
      price_dist: 0.1,
      uv: 150,
      vwap: 11.5,
      vwap_dist: 4.35,
    });
    expect(() => new Webhook(newWebhookSecret()).verify(got?.body ?? '', got?.headers ?? {})).toThrow();
    expect(await deliveryRow(database.db, row.id)).toMatchObject({
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      error: null,
      nextAttemptAt: null,
    });
  });

  it('sends each alert kind to the URL of its type, halts with their New York date and time, and digests nowhere', async () => {
    const clock = stillClock(new Date(Date.UTC(2026, 10, 20, 14, 30, 5)));
    const user = await traderIn(database.db);
    await setWebhooks(database.db, user, {
      halts: `${receiver.url}/halts`,
      conditional: `${receiver.url}/filtered`,
      uvol: '',
    });
    const halt = await fire(database.db, user, clock.now(), {
      kind: 'halt',
      subtype: 'halt',
      reason_code: 'LUDP',
    });
    const resume = await fire(database.db, user, clock.now(), { kind: 'halt', subtype: 'resume' });
    const filtered = await fire(database.db, user, clock.now(), { kind: 'filtered', filter: 'Gappers' });
    expect(await fire(database.db, user, clock.now(), { kind: 'uv' })).toEqual([]);
    expect(await fire(database.db, user, clock.now(), { kind: 'trade' })).toEqual([]);
    expect(await fire(database.db, user, clock.now(), { kind: 'digest', symbols: ['A', 'B'] })).toEqual([]);

    expect([halt[0]?.webhookType, resume[0]?.webhookType, filtered[0]?.webhookType]).toEqual([
      'halts',
      'halts',
      'conditional',
    ]);
    await worker(clock).runOnce();
    const byPath = (path: string) =>
      receiver.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body));
    expect(byPath('/halts')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'halts',
          subtype: 'halt',
          reason_code: 'LUDP',
          halt_date: '2026-11-20',
          halt_time: '09:30:05',
        }),
        expect.objectContaining({
          type: 'halts',
          subtype: 'resume',
          resume_date: '2026-11-20',
          resume_time: '09:30:05',
        }),
      ]),
    );
    expect(byPath('/filtered')).toEqual([
      expect.objectContaining({ type: 'conditional', filter: 'Gappers' }),
    ]);
  });

  it('retries a failing receiver on the Standard Webhooks schedule under the same webhook-id, then fails', async () => {
    const clock = stillClock();
    const user = await traderIn(database.db);
    await setWebhooks(database.db, user, { price: `${receiver.url}/down` });
    const [row] = await fire(database.db, user, clock.now(), { kind: 'price' });
    if (!row) throw new Error('no delivery row');
    receiver.answer({ status: 500 });
    const w = worker(clock);

    expect(await w.runOnce()).toBe(1);
    expect(await deliveryRow(database.db, row.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      error: 'HTTP 500',
      nextAttemptAt: new Date(clock.now().getTime() + 5000),
    });
    clock.advance(4999);
    expect(await w.runOnce()).toBe(0);
    clock.advance(1);
    expect(await w.runOnce()).toBe(1);
    expect((await deliveryRow(database.db, row.id)).nextAttemptAt).toEqual(
      new Date(clock.now().getTime() + 5 * 60_000),
    );

    for (const [i, delay] of RETRY_DELAYS_MS.slice(1).entries()) {
      clock.advance(delay - 1);
      expect(await w.runOnce()).toBe(0);
      clock.advance(1);
      expect(await w.runOnce()).toBe(1);
      expect((await deliveryRow(database.db, row.id)).attempts).toBe(i + 3);
    }
    expect(await deliveryRow(database.db, row.id)).toMatchObject({
      status: 'failed',
      attempts: 10,
      responseStatus: 500,
      nextAttemptAt: null,
    });
    clock.advance(48 * 3600_000);
    expect(await w.runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(10);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(
      new Set([`msg_${row.id}`]),
    );
  });

  it('delivers on the retry once the receiver answers 200', async () => {
    const clock = stillClock();
    const user = await traderIn(database.db);
    await setWebhooks(database.db, user, { high_low: `${receiver.url}/flaky` });
    const [row] = await fire(database.db, user, clock.now());
    if (!row) throw new Error('no delivery row');
    receiver.answer({ status: 503 });
    const w = worker(clock);
    await w.runOnce();
    receiver.answer({ status: 204 });
    clock.advance(5000);
    await w.runOnce();
    expect(await deliveryRow(database.db, row.id)).toMatchObject({
      status: 'delivered',
      attempts: 2,
      responseStatus: 204,
      error: null,
      nextAttemptAt: null,
    });
  });

  it('on 410 Gone removes that URL from the settings, keeps the others, and disables the delivery', async () => {
    const clock = stillClock();
    const user = await traderIn(database.db);
    await setWebhooks(database.db, user, { high_low: `${receiver.url}/gone`, price: `${receiver.url}/kept` });
    const [row] = await fire(database.db, user, clock.now(), { kind: 'trade' });
    if (!row) throw new Error('no delivery row');
    receiver.answer({ status: 410 });
    await worker(clock).runOnce();

    expect(await deliveryRow(database.db, row.id)).toMatchObject({ status: 'disabled', responseStatus: 410 });
    const [settings] = await database.db.select().from(alertSettings).where(eq(alertSettings.userId, user));
    expect(settings?.alertWebhook).toEqual({ price: `${receiver.url}/kept` });
    expect(await fire(database.db, user, clock.now(), { kind: 'trade' })).toEqual([]);
    expect(await fire(database.db, user, clock.now(), { kind: 'price' })).toHaveLength(1);
  });

  it('does not send a delivery whose URL the trader has changed since the alert', async () => {
    const clock = stillClock();
    const user = await traderIn(database.db);
    await setWebhooks(database.db, user, { high_low: `${receiver.url}/old` });
    const [row] = await fire(database.db, user, clock.now());
    if (!row) throw new Error('no delivery row');
    await setWebhooks(database.db, user, { high_low: `${receiver.url}/new` });
    await worker(clock).runOnce();
    expect(receiver.received).toEqual([]);
    expect(await deliveryRow(database.db, row.id)).toMatchObject({ status: 'disabled', attempts: 1 });
  });

  it('does not follow a redirect: a 3xx is retried and the new location is never asked', async () => {
    const clock = stillClock();
    const user = await traderIn(database.db);
    await setWebhooks(database.db, user, { high_low: `${receiver.url}/moved` });
    const [row] = await fire(database.db, user, clock.now());
    if (!row) throw new Error('no delivery row');
    receiver.answer((r) =>
      r.path === '/moved' ? { status: 302, headers: { location: '/elsewhere' } } : { status: 200 },
    );
    await worker(clock).runOnce();
    expect(receiver.received.map((r) => r.path)).toEqual(['/moved']);
    expect(await deliveryRow(database.db, row.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 302,
      error: expect.stringContaining('redirects are not followed'),
    });
  });

  it(`gives up on a receiver that never answers (${WEBHOOK_TIMEOUT_MS / 1000} s; shortened here) and retries it`, async () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(5000);
    const clock = stillClock();
    const user = await traderIn(database.db);
    await setWebhooks(database.db, user, { high_low: `${receiver.url}/silent` });
    const [row] = await fire(database.db, user, clock.now());
    if (!row) throw new Error('no delivery row');
    receiver.answer('hang');
    await worker(clock, { timeoutMs: 150 }).runOnce();
    expect(receiver.received).toHaveLength(1);
    expect(await deliveryRow(database.db, row.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: null,
      error: 'timed out: no answer within 0.15 s',
      nextAttemptAt: new Date(clock.now().getTime() + 5000),
    });
  });

  it('records an ftp:// target as failed without trying: there is no POST over FTP', async () => {
    const clock = stillClock();
    const user = await traderIn(database.db);
    await setWebhooks(database.db, user, { high_low: 'ftp://files.example.com/drop' });
    const [row] = await fire(database.db, user, clock.now());
    if (!row) throw new Error('no delivery row');
    await worker(clock).runOnce();
    expect(await deliveryRow(database.db, row.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: FTP_UNSUPPORTED,
      nextAttemptAt: null,
    });
  });

  it('keeps at most `concurrency` POSTs in flight and still delivers them all', async () => {
    const clock = stillClock();
    const user = await traderIn(database.db);
    await setWebhooks(database.db, user, { high_low: `${receiver.url}/slow` });
    for (let i = 0; i < 10; i++) await fire(database.db, user, clock.now());
    receiver.answer('hang');
    const pass = worker(clock, { concurrency: 4 }).runOnce();
    let answered = 0;
    while (answered < 10) {
      await expect.poll(() => receiver.hanging(), { timeout: 10_000, interval: 5 }).toBeGreaterThan(0);
      answered += receiver.hanging();
      receiver.release(200);
    }
    expect(await pass).toBe(10);
    expect(receiver.mostHanging()).toBe(4);
    const rows = await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, user));
    expect(rows.map((r) => r.status)).toEqual(Array(10).fill('delivered'));
  });
});
