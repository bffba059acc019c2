import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alertDeliveries } from '../../../platform/db/schema.ts';
import { createManualClock, type ManualClock } from '../../../test/manualClock.ts';
import { deliveryHarness } from '../webhooks/testing/deliveryHarness.ts';
import { deliveryRow, fire, setWebhooks, traderIn } from '../webhooks/testing/testKit.ts';
import { createDeliveryQueue } from './deliveryQueue.ts';
import { DELIVERY_LEASE_MS, type DeliveryWorkerOptions } from './worker.ts';

// The delivery worker as a queue consumer: several nodes on one database, a node that dies
// holding rows, and how it wakes. Webhooks to a loopback receiver are the deliveries here.
// Under TEST_DB_KIND=postgres the two workers' claims really run side by side.

const h = deliveryHarness();

/** A node's worker (its own sender and connections) on the shared database. */
const node = (clock: ManualClock, options: DeliveryWorkerOptions = {}) => h.worker(clock, options);

async function traderWithRows(clock: ManualClock, n: number): Promise<{ user: string; ids: number[] }> {
  const user = await traderIn(h.database.db);
  await setWebhooks(h.database.db, user, { high_low: `${h.receiver.url}/in` });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const [row] = await fire(h.database.db, user, new Date(clock.now()), { symbol: `S${i}` });
    if (row) ids.push(row.id);
  }
  return { user, ids };
}

describe('delivery worker', () => {
  it('two nodes draining one database at once send every row exactly once', async () => {
    const clock = createManualClock();
    const { user, ids } = await traderWithRows(clock, 60);
    const [a, b] = await Promise.all([
      node(clock, { batch: 4, concurrency: 8 }).runOnce(),
      node(clock, { batch: 4, concurrency: 8 }).runOnce(),
    ]);

    expect((a ?? 0) + (b ?? 0)).toBe(60);
    const sent = h.receiver.received.map((r) => r.headers['webhook-id']);
    expect(sent).toHaveLength(60);
    expect(new Set(sent)).toEqual(new Set(ids.map((id) => `msg_${id}`)));
    const rows = await h.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, user));
    expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
  });

  it('a row claimed by a node that died is sent again when its lease ends, and the dead claim cannot overwrite it', async () => {
    const clock = createManualClock();
    const { ids } = await traderWithRows(clock, 1);
    const id = ids[0] ?? 0;
    // The node that died: claimed the row (lease written), never sent or recorded it.
    const [dead] = await createDeliveryQueue(h.database.db).claim(
      ['webhook'],
      10,
      new Date(clock.now()),
      DELIVERY_LEASE_MS,
    );
    expect(dead?.attempt.id).toBe(id);

    const survivor = node(clock);
    expect(await survivor.runOnce()).toBe(0);
    clock.advance(DELIVERY_LEASE_MS - 1);
    expect(await survivor.runOnce()).toBe(0);
    expect(h.receiver.received).toHaveLength(0);
    clock.advance(1);
    expect(await survivor.runOnce()).toBe(1);
    expect(h.receiver.received.map((r) => r.headers['webhook-id'])).toEqual([`msg_${id}`]);
    expect(await deliveryRow(h.database.db, id)).toMatchObject({ status: 'delivered', attempts: 1 });

    // The dead node's outcome arriving late changes nothing: its lease is not the row's any more.
    if (!dead) throw new Error('no claim');
    const late = await createDeliveryQueue(h.database.db).record(
      dead,
      { outcome: 'retry', status: 500, error: 'late' },
      new Date(clock.now()),
    );
    expect(late).toBe(false);
    expect(await deliveryRow(h.database.db, id)).toMatchObject({
      status: 'delivered',
      attempts: 1,
      error: null,
    });
  });

  it('survives a restart: rows written while no worker ran are sent by the next one', async () => {
    const clock = createManualClock();
    const first = node(clock);
    await first.stop();
    const { ids } = await traderWithRows(clock, 3);
    expect(await first.runOnce()).toBe(0); // stopped: sends nothing
    expect(await node(clock).runOnce()).toBe(3);
    expect(h.receiver.received.map((r) => r.headers['webhook-id']).sort()).toEqual(
      ids.map((i) => `msg_${i}`).sort(),
    );
  });

  it('a kick sends new rows without waiting for the poll', async () => {
    const clock = createManualClock();
    const worker = node(clock);
    const { ids } = await traderWithRows(clock, 2);
    worker.kick();
    await expect.poll(() => h.receiver.received.length, { timeout: 10_000, interval: 5 }).toBe(2);
    await worker.runOnce();
    expect((await deliveryRow(h.database.db, ids[1] ?? 0)).status).toBe('delivered');
  });

  it('the poll picks up rows nobody kicked for (retries coming due, rows of other nodes)', async () => {
    const clock = createManualClock();
    node(clock, { pollMs: 20 });
    await traderWithRows(clock, 2);
    expect(h.receiver.received).toHaveLength(0);
    // Each look moves the clock one poll on: only the poll can have sent them.
    await expect
      .poll(
        () => {
          clock.advance(20);
          return h.receiver.received.length;
        },
        { timeout: 10_000, interval: 5 },
      )
      .toBe(2);
  });

  it('leaves rows of a channel it has no sender for', async () => {
    const clock = createManualClock();
    const { ids } = await traderWithRows(clock, 1);
    await h.database.db
      .update(alertDeliveries)
      .set({ channel: 'push' })
      .where(eq(alertDeliveries.id, ids[0] ?? 0));
    expect(await node(clock).runOnce()).toBe(0);
    expect(await deliveryRow(h.database.db, ids[0] ?? 0)).toMatchObject({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: null,
    });
  });
});
