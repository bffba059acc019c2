import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../../../platform/db/schema.ts';
import { seedSubscriber } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/testApp.ts';
import { until } from '../../../test/waitFor.ts';
import { withApp } from '../../../test/withApp.ts';
import { PLAN_CACHE_MS } from './planCache.ts';

// A data token lives 15 minutes; the data host judges each request by the trader's plan now
// (read at most every 30 s), so a downgrade or a lapse stops what the plan no longer opens, and
// an upgrade opens it, without a new token.

// Friday 2026-11-20, 09:30 New York: a regular session the hand-fed engine starts in.
const OPEN = Date.UTC(2026, 10, 20, 14, 30);
const app = withApp({ mail: 'outbox', env: { MARKET_FEED: `manual:${new Date(OPEN).toISOString()}` } });

async function dataToken(token: string): Promise<string> {
  const res = await app.call<{ token: string }>('POST', '/api/auth/ds/login', { token });
  expect(res.status).toBe(200);
  return res.body.token;
}

const setPlan = (a: TestApp, userId: string, changes: Partial<typeof subscriptions.$inferInsert>) =>
  a.ctx.database.db.update(subscriptions).set(changes).where(eq(subscriptions.userId, userId));

async function rowsServed(data: string): Promise<Record<string, unknown>[]> {
  const res = await app.call<Record<string, unknown>[]>('GET', '/data/discovery?tf=1day', { token: data });
  expect(res.status).toBe(200);
  return res.body;
}

describe('the data host follows the plan, not the token', () => {
  it('a downgrade loses the Pro Plus columns and a lapse loses Discovery, with the same token', async () => {
    const engine = app.app.market.engine;
    if (!engine) throw new Error('this app runs no engine');
    engine.push([JSON.stringify({ type: 'trade', sym: 'ABC', price: 10, size: 100, ts: OPEN })]);
    const seeded = await seedSubscriber(app, 'proplus');
    const data = await dataToken(seeded.token);
    const rows = await until('the engine serves ABC', async () => {
      const served = await rowsServed(data);
      return served.some((r) => r.s === 'ABC') ? served : undefined;
    });
    expect(rows[0]).toHaveProperty('st');
    expect((await app.call('GET', '/data/money-flow/ABC', { token: data })).status).toBe(200);

    // Pro Plus → Pro: trusted for the cache period, then judged again.
    await setPlan(app, seeded.user.id, { plan: 'pro' });
    expect((await app.call('GET', '/data/money-flow/ABC', { token: data })).status).toBe(200);
    app.clock.advance(PLAN_CACHE_MS);
    expect((await app.call('GET', '/data/money-flow/ABC', { token: data })).status).toBe(403);
    for (const row of await rowsServed(data)) expect(row).not.toHaveProperty('st');

    // The plan lapses: Discovery is refused with the upgrade answer.
    await setPlan(app, seeded.user.id, { status: 'canceled', endedAt: new Date(app.clock.now()) });
    app.clock.advance(PLAN_CACHE_MS);
    const refused = await app.call('GET', '/data/discovery?tf=1day', { token: data });
    expect(refused.status).toBe(403);
  });

  it('an upgrade opens the Pro Plus data to the token issued under Pro', async () => {
    const seeded = await seedSubscriber(app, 'pro');
    const data = await dataToken(seeded.token);
    expect((await app.call('GET', '/data/money-flow/ABC', { token: data })).status).toBe(403);
    await setPlan(app, seeded.user.id, { plan: 'proplus' });
    app.clock.advance(PLAN_CACHE_MS);
    expect((await app.call('GET', '/data/money-flow/ABC', { token: data })).status).toBe(200);
  });
});
