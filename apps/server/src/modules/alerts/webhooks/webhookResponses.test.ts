import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alertSettings } from '../../../platform/db/schema.ts';
import { createManualClock } from '../../../test/manualClock.ts';
import { until } from '../../../test/waitFor.ts';
import { deliveryHarness } from './testing/deliveryHarness.ts';
import { deliveryRow, fire, setWebhooks, traderIn } from './testing/testKit.ts';
import { FTP_UNSUPPORTED, WEBHOOK_TIMEOUT_MS } from './webhookSender.ts';

// How the webhook sender takes what a receiver (a real HTTP server on 127.0.0.1) answers, or
// does not: 410, redirects, silence, a URL changed meanwhile, and ftp:// targets.

const h = deliveryHarness();

describe('webhook answers', () => {
  it('on 410 Gone removes that URL from the settings, keeps the others, and disables the delivery', async () => {
    const clock = createManualClock();
    const user = await traderIn(h.database.db);
    await setWebhooks(h.database.db, user, {
      high_low: `${h.receiver.url}/gone`,
      price: `${h.receiver.url}/kept`,
    });
    const [row] = await fire(h.database.db, user, new Date(clock.now()), { kind: 'trade' });
    if (!row) throw new Error('no delivery row');
    h.receiver.answer({ status: 410 });
    await h.worker(clock).runOnce();

    expect(await deliveryRow(h.database.db, row.id)).toMatchObject({
      status: 'disabled',
      responseStatus: 410,
    });
    const [settings] = await h.database.db.select().from(alertSettings).where(eq(alertSettings.userId, user));
    expect(settings?.alertWebhook).toEqual({ price: `${h.receiver.url}/kept` });
    expect(await fire(h.database.db, user, new Date(clock.now()), { kind: 'trade' })).toEqual([]);
    expect(await fire(h.database.db, user, new Date(clock.now()), { kind: 'price' })).toHaveLength(1);
  });

  it('does not send a delivery whose URL the trader has changed since the alert', async () => {
    const clock = createManualClock();
    const user = await traderIn(h.database.db);
    await setWebhooks(h.database.db, user, { high_low: `${h.receiver.url}/old` });
    const [row] = await fire(h.database.db, user, new Date(clock.now()));
    if (!row) throw new Error('no delivery row');
    await setWebhooks(h.database.db, user, { high_low: `${h.receiver.url}/new` });
    await h.worker(clock).runOnce();
    expect(h.receiver.received).toEqual([]);
    expect(await deliveryRow(h.database.db, row.id)).toMatchObject({ status: 'disabled', attempts: 1 });
  });

  it('does not follow a redirect: a 3xx is retried and the new location is never asked', async () => {
    const clock = createManualClock();
    const user = await traderIn(h.database.db);
    await setWebhooks(h.database.db, user, { high_low: `${h.receiver.url}/moved` });
    const [row] = await fire(h.database.db, user, new Date(clock.now()));
    if (!row) throw new Error('no delivery row');
    h.receiver.answer((r) =>
      r.path === '/moved' ? { status: 302, headers: { location: '/elsewhere' } } : { status: 200 },
    );
    await h.worker(clock).runOnce();
    expect(h.receiver.received.map((r) => r.path)).toEqual(['/moved']);
    expect(await deliveryRow(h.database.db, row.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 302,
      error: expect.stringContaining('redirects are not followed'),
    });
  });

  it(`gives up on a receiver that never answers (${WEBHOOK_TIMEOUT_MS / 1000} s; shortened here) and retries it`, async () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(5000);
    const clock = createManualClock();
    const user = await traderIn(h.database.db);
    await setWebhooks(h.database.db, user, { high_low: `${h.receiver.url}/silent` });
    const [row] = await fire(h.database.db, user, new Date(clock.now()));
    if (!row) throw new Error('no delivery row');
    h.receiver.answer('hang');
    const pass = h.worker(clock, { timeoutMs: 150 }).runOnce();
    await until('the receiver holds the request', () =>
      h.receiver.received.length === 1 ? true : undefined,
    );
    clock.advance(150);
    await pass;
    expect(h.receiver.received).toHaveLength(1);
    expect(await deliveryRow(h.database.db, row.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: null,
      error: 'timed out: no answer within 0.15 s',
      nextAttemptAt: new Date(clock.now() + 5000),
    });
  });

  it('records an ftp:// target as failed without trying: there is no POST over FTP', async () => {
    const clock = createManualClock();
    const user = await traderIn(h.database.db);
    await setWebhooks(h.database.db, user, { high_low: 'ftp://files.example.com/drop' });
    const [row] = await fire(h.database.db, user, new Date(clock.now()));
    if (!row) throw new Error('no delivery row');
    await h.worker(clock).runOnce();
    expect(await deliveryRow(h.database.db, row.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: FTP_UNSUPPORTED,
      nextAttemptAt: null,
    });
  });
});
