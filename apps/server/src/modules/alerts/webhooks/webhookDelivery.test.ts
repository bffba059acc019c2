import { webhookPayloadSchema } from '@tapeline/core';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { alertDeliveries } from '../../../platform/db/schema.ts';
import { createManualClock } from '../../../test/manualClock.ts';
import { RETRY_DELAYS_MS } from '../delivery/retrySchedule.ts';
import { newWebhookSecret } from '../rules/webhookSecret.ts';
import { deliveryHarness } from './testing/deliveryHarness.ts';
import { deliveryRow, fire, setWebhooks, traderIn } from './testing/testKit.ts';
import { WEBHOOK_USER_AGENT } from './webhookSender.ts';

// The webhook sender behind the delivery worker, against a real HTTP receiver on 127.0.0.1
// (private targets allowed here; the SSRF rules have their own file): what is sent, to which
// URL, how it is signed, when it is tried again. How receivers' answers are taken:
// webhookResponses.test.ts.

const h = deliveryHarness();

describe('webhook delivery', () => {
  it('POSTs the alert as JSON (its print time and publish time), signed so that standardwebhooks verifies it, and records it delivered', async () => {
    const clock = createManualClock();
    const user = await traderIn(h.database.db);
    const secret = await setWebhooks(h.database.db, user, { high_low: `${h.receiver.url}/hook` });
    // Printed at `now`, published by the server 1.2 s later: the payload carries both.
    const [row] = await fire(h.database.db, user, new Date(clock.now()), {
      kind: 'trade',
      symbol: 'ABC',
      published_ts: clock.now() + 1_200,
    });
    if (!row) throw new Error('no delivery row');

    expect(await h.worker(clock).runOnce()).toBe(1);

    expect(h.receiver.received).toHaveLength(1);
    const got = h.receiver.received[0];
    expect(got?.path).toBe('/hook');
    expect(got?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'webhook-id': `msg_${row.id}`,
      'webhook-timestamp': String(Math.floor(clock.now() / 1000)),
    });
    expect(got?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const verified = new Webhook(secret).verify(got?.body ?? '', got?.headers ?? {});
    expect(webhookPayloadSchema.parse(verified)).toEqual({
      type: 'high_low',
      symbol: 'ABC',
      msg: 'ABC new high 12.00',
      time: clock.now(),
      published_ts: clock.now() + 1_200,
      price: 12,
      price_dist: 0.1,
      uv: 150,
      vwap: 11.5,
      vwap_dist: 4.35,
    });
    expect(() => new Webhook(newWebhookSecret()).verify(got?.body ?? '', got?.headers ?? {})).toThrow();
    expect(await deliveryRow(h.database.db, row.id)).toMatchObject({
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      error: null,
      nextAttemptAt: null,
    });
  });

  it('sends each alert kind to the URL of its type, halts with their New York date and time, and digests nowhere', async () => {
    const clock = createManualClock(Date.UTC(2026, 10, 20, 14, 30, 5));
    const user = await traderIn(h.database.db);
    await setWebhooks(h.database.db, user, {
      halts: `${h.receiver.url}/halts`,
      conditional: `${h.receiver.url}/filtered`,
      vwapdist: `${h.receiver.url}/vwap`,
      uvol: '',
    });
    const halt = await fire(h.database.db, user, new Date(clock.now()), {
      kind: 'halt',
      subtype: 'halt',
      reason_code: 'LUDP',
    });
    const resume = await fire(h.database.db, user, new Date(clock.now()), {
      kind: 'halt',
      subtype: 'resume',
    });
    const filtered = await fire(h.database.db, user, new Date(clock.now()), {
      kind: 'filtered',
      filter: 'Gappers',
    });
    const vwap = await fire(h.database.db, user, new Date(clock.now()), { kind: 'vwap' });
    expect(await fire(h.database.db, user, new Date(clock.now()), { kind: 'uv' })).toEqual([]);
    expect(await fire(h.database.db, user, new Date(clock.now()), { kind: 'trade' })).toEqual([]);
    expect(
      await fire(h.database.db, user, new Date(clock.now()), { kind: 'digest', symbols: ['A', 'B'] }),
    ).toEqual([]);

    expect([halt, resume, filtered, vwap].map((rows) => rows.map((r) => r.webhookType))).toEqual([
      ['halts'],
      ['halts'],
      ['conditional'],
      ['vwapdist'],
    ]);
    await h.worker(clock).runOnce();
    const byPath = (path: string) =>
      h.receiver.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body));
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
    const clock = createManualClock();
    const user = await traderIn(h.database.db);
    await setWebhooks(h.database.db, user, { price: `${h.receiver.url}/down` });
    const [row] = await fire(h.database.db, user, new Date(clock.now()), { kind: 'price' });
    if (!row) throw new Error('no delivery row');
    h.receiver.answer({ status: 500 });
    const w = h.worker(clock);

    expect(await w.runOnce()).toBe(1);
    expect(await deliveryRow(h.database.db, row.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      error: 'HTTP 500',
      nextAttemptAt: new Date(clock.now() + 5000),
    });
    clock.advance(4999);
    expect(await w.runOnce()).toBe(0);
    clock.advance(1);
    expect(await w.runOnce()).toBe(1);
    expect((await deliveryRow(h.database.db, row.id)).nextAttemptAt).toEqual(
      new Date(clock.now() + 5 * 60_000),
    );

    for (const [i, delay] of RETRY_DELAYS_MS.slice(1).entries()) {
      clock.advance(delay - 1);
      expect(await w.runOnce()).toBe(0);
      clock.advance(1);
      expect(await w.runOnce()).toBe(1);
      expect((await deliveryRow(h.database.db, row.id)).attempts).toBe(i + 3);
    }
    expect(await deliveryRow(h.database.db, row.id)).toMatchObject({
      status: 'failed',
      attempts: 10,
      responseStatus: 500,
      nextAttemptAt: null,
    });
    clock.advance(48 * 3600_000);
    expect(await w.runOnce()).toBe(0);
    expect(h.receiver.received).toHaveLength(10);
    expect(new Set(h.receiver.received.map((r) => r.headers['webhook-id']))).toEqual(
      new Set([`msg_${row.id}`]),
    );
  });

  it('delivers on the retry once the receiver answers 200', async () => {
    const clock = createManualClock();
    const user = await traderIn(h.database.db);
    await setWebhooks(h.database.db, user, { high_low: `${h.receiver.url}/flaky` });
    const [row] = await fire(h.database.db, user, new Date(clock.now()));
    if (!row) throw new Error('no delivery row');
    h.receiver.answer({ status: 503 });
    const w = h.worker(clock);
    await w.runOnce();
    h.receiver.answer({ status: 204 });
    clock.advance(5000);
    await w.runOnce();
    expect(await deliveryRow(h.database.db, row.id)).toMatchObject({
      status: 'delivered',
      attempts: 2,
      responseStatus: 204,
      error: null,
      nextAttemptAt: null,
    });
  });

  it('keeps at most `concurrency` POSTs in flight and still delivers them all', async () => {
    const clock = createManualClock();
    const user = await traderIn(h.database.db);
    await setWebhooks(h.database.db, user, { high_low: `${h.receiver.url}/slow` });
    for (let i = 0; i < 10; i++) await fire(h.database.db, user, new Date(clock.now()));
    h.receiver.answer('hang');
    const pass = h.worker(clock, { concurrency: 4 }).runOnce();
    let answered = 0;
    while (answered < 10) {
      // Wait for the worker to fill its slots (four, or what is left) before answering, so the
      // figure does not depend on how fast a loaded machine opens the connections.
      const expected = Math.min(4, 10 - answered);
      await expect.poll(() => h.receiver.hanging(), { timeout: 10_000, interval: 5 }).toBe(expected);
      answered += h.receiver.hanging();
      h.receiver.release(200);
    }
    expect(await pass).toBe(10);
    expect(h.receiver.mostHanging()).toBe(4);
    const rows = await h.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, user));
    expect(rows.map((r) => r.status)).toEqual(Array(10).fill('delivered'));
  });
});
