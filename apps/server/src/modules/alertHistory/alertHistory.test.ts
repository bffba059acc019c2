import { ALERT_HISTORY_MAX, type AlertHistoryItem, alertHistoryResponseSchema } from '@tapeline/core';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alertHistory } from '../../platform/db/schema.ts';
import { seedSubscriber, seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { createAlertHistoryRepository } from './repository.ts';

const app = withApp({ mail: 'outbox' });

const repo = () => createAlertHistoryRepository(app.ctx.database.db);
const T0 = Date.UTC(2026, 10, 20, 14, 30);

async function historyOf(token: string): Promise<AlertHistoryItem[]> {
  const res = await app.call('GET', '/api/alert_history', { token });
  expect(res.status).toBe(200);
  return alertHistoryResponseSchema.parse(res.body);
}

async function rowsOf(userId: string): Promise<number> {
  const [row] = await app.ctx.database.db
    .select({ n: count() })
    .from(alertHistory)
    .where(eq(alertHistory.userId, userId));
  return row?.n ?? 0;
}

describe('alert history', () => {
  it('lists a trader their own alerts, newest first, dated in UTC milliseconds', async () => {
    const a = await seedSubscriber(app);
    const b = await seedSubscriber(app);
    await repo().append(a.user.id, 'AAPL crossed 190.00', new Date(T0));
    await repo().append(a.user.id, 'MSFT unusual volume', new Date(T0 + 60_000));
    // Same instant: the later append still counts as newer.
    await repo().append(a.user.id, 'TSLA halted', new Date(T0 + 60_000));
    await repo().append(b.user.id, 'NVDA new high', new Date(T0 + 30_000));

    expect(await historyOf(a.token)).toEqual([
      { msg: 'TSLA halted', date: T0 + 60_000 },
      { msg: 'MSFT unusual volume', date: T0 + 60_000 },
      { msg: 'AAPL crossed 190.00', date: T0 },
    ]);
    expect(await historyOf(b.token)).toEqual([{ msg: 'NVDA new high', date: T0 + 30_000 }]);
  });

  it("clears only the caller's history", async () => {
    const a = await seedSubscriber(app);
    const b = await seedSubscriber(app);
    await repo().append(a.user.id, 'AAPL new low', new Date(T0));
    await repo().append(b.user.id, 'AMD new high', new Date(T0));

    const res = await app.call('DELETE', '/api/alert_history', { token: a.token });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(await historyOf(a.token)).toEqual([]);
    expect(await historyOf(b.token)).toEqual([{ msg: 'AMD new high', date: T0 }]);
  });

  it(`keeps the newest ${ALERT_HISTORY_MAX} per trader and drops older ones on append`, async () => {
    const a = await seedSubscriber(app);
    const b = await seedSubscriber(app);
    await repo().append(b.user.id, 'kept elsewhere', new Date(T0 - 1));
    const total = ALERT_HISTORY_MAX + 5;
    for (let i = 0; i < total; i++) await repo().append(a.user.id, `alert ${i}`, new Date(T0 + i * 1000));

    expect(await rowsOf(a.user.id)).toBe(ALERT_HISTORY_MAX);
    const list = await historyOf(a.token);
    expect(list).toHaveLength(ALERT_HISTORY_MAX);
    expect(list[0]).toEqual({ msg: `alert ${total - 1}`, date: T0 + (total - 1) * 1000 });
    expect(list.at(-1)?.msg).toBe('alert 5');
    expect(await rowsOf(b.user.id)).toBe(1);
  });

  it('needs a token (401) and a subscription (403), and clears nothing without one', async () => {
    expect((await app.call('GET', '/api/alert_history')).status).toBe(401);
    expect((await app.call('DELETE', '/api/alert_history')).status).toBe(401);
    const lapsed = await seedUser(app);
    await repo().append(lapsed.user.id, 'AAPL new high', new Date(T0));
    for (const method of ['GET', 'DELETE']) {
      const res = await app.call(method, '/api/alert_history', { token: lapsed.token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'subscription_required' });
    }
    expect(await rowsOf(lapsed.user.id)).toBe(1);
  });
});
