import { isActive, isLive, TRIAL_DAYS } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { advanceLocalBilling, MAX_CHARGE_ATTEMPTS } from './providers/local/lifecycle.ts';
import {
  CARDS,
  currentSubscription,
  DAY_MS,
  history,
  saveCard,
  subscribeTo,
} from './testing/billingTestKit.ts';

// Months pass in these tests; access tokens must outlive them.
const app = withApp({ mail: 'outbox', env: { JWT_TTL_HOURS: '100000' } });

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

describe('local lifecycle on the server clock', () => {
  it('trial end → first charge → monthly renewals, each invoice dated at its period start', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded);
    await subscribeTo(app, seeded, 'standard');

    app.clock.advance(TRIAL_DAYS * DAY_MS - 60_000);
    expect((await currentSubscription(app, seeded))?.status).toBe('trialing');

    app.clock.advance(120_000);
    const paid = await currentSubscription(app, seeded);
    expect(paid).toMatchObject({ status: 'active', amount: 2900 });
    const first = await history(app, seeded);
    expect(first.map((i) => [i.total, i.status])).toEqual([
      [2900, 'paid'],
      [0, 'paid'],
    ]);
    // The trial's zero invoice is dated when the subscription started (the clock runs on in real time).
    const trialStart = first[1]?.created ?? 0;
    expect(first[0]?.created).toBe(trialStart + (TRIAL_DAYS * DAY_MS) / 1000);

    // Two more months pass while nobody looks: both renewals appear, each at its own date.
    app.clock.advance(62 * DAY_MS);
    const later = await history(app, seeded);
    expect(later.map((i) => i.total)).toEqual([2900, 2900, 2900, 0]);
    expect(new Set(later.map((i) => i.id)).size).toBe(4);
    expect((await currentSubscription(app, seeded))?.status).toBe('active');
  });

  it('a failing card: past_due, retries, then unpaid — and the dashboard closes', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded, CARDS.chargeFails);
    await subscribeTo(app, seeded, 'pro');

    app.clock.advance(TRIAL_DAYS * DAY_MS + 1000);
    const due = await currentSubscription(app, seeded);
    expect(due?.status).toBe('past_due');
    expect(isActive(due)).toBe(false);
    expect(isLive(due)).toBe(true);
    expect((await history(app, seeded))[0]).toMatchObject({ total: 5900, status: 'open' });

    app.clock.advance(1 * DAY_MS);
    expect((await currentSubscription(app, seeded))?.status).toBe('past_due');
    app.clock.advance(4 * DAY_MS);
    const unpaid = await currentSubscription(app, seeded);
    expect(unpaid?.status).toBe('unpaid');
    expect(isLive(unpaid)).toBe(false);
    expect((await history(app, seeded))[0]).toMatchObject({ total: 5900, status: 'failed' });
    expect(MAX_CHARGE_ATTEMPTS).toBe(4);

    const dashboard = await app.call('POST', '/api/auth/ds/login', { token: seeded.token });
    expect(dashboard.status).toBe(403);

    // Nothing moves any more, however long it waits.
    app.clock.advance(90 * DAY_MS);
    expect((await currentSubscription(app, seeded))?.status).toBe('unpaid');
  });

  it('a past_due subscription is retried at once when a new card is saved, and recovers', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded, CARDS.chargeFails);
    await subscribeTo(app, seeded, 'pro');
    app.clock.advance(TRIAL_DAYS * DAY_MS + 1000);
    expect((await currentSubscription(app, seeded))?.status).toBe('past_due');
    await saveCard(app, seeded, CARDS.ok);
    expect((await currentSubscription(app, seeded))?.status).toBe('active');
    expect((await history(app, seeded))[0]).toMatchObject({ total: 5900, status: 'paid' });
  });

  it('an unpaid subscription is paid by a new card at once, and is active again', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded, CARDS.chargeFails);
    await subscribeTo(app, seeded, 'standard');
    app.clock.advance((TRIAL_DAYS + 6) * DAY_MS);
    expect((await currentSubscription(app, seeded))?.status).toBe('unpaid');
    expect((await history(app, seeded))[0]).toMatchObject({ total: 2900, status: 'failed' });

    const saved = await saveCard(app, seeded, CARDS.ok);
    expect(saved.status).toBe(200);
    expect(await currentSubscription(app, seeded)).toMatchObject({ status: 'active', ended_at: null });
    expect((await history(app, seeded))[0]).toMatchObject({ total: 2900, status: 'paid' });
    // Access comes back with it.
    expect((await app.call('POST', '/api/auth/ds/login', { token: seeded.token })).status).toBe(200);
  });

  it('cancel → canceled with ended_at at period end, no charge, and core says not active', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded);
    const sub = await subscribeTo(app, seeded, 'proplus');
    const trialEnd = seconds(new Date(app.clock.now())) + TRIAL_DAYS * 86_400;
    await app.call('DELETE', `/api/stripe/subscription/${sub.body.id}`, { token: seeded.token });

    app.clock.advance(TRIAL_DAYS * DAY_MS + 1000);
    const ended = await currentSubscription(app, seeded);
    expect(ended).toMatchObject({ id: sub.body.id, status: 'canceled' });
    expect(Math.abs((ended?.ended_at ?? 0) - trialEnd)).toBeLessThanOrEqual(1);
    expect(isActive(ended)).toBe(false);
    expect((await history(app, seeded)).map((i) => i.total)).toEqual([0]);
  });

  it('a returning trader gets no second trial and pays at once', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded);
    const sub = await subscribeTo(app, seeded, 'standard');
    await app.call('DELETE', `/api/stripe/subscription/${sub.body.id}`, { token: seeded.token });
    app.clock.advance(TRIAL_DAYS * DAY_MS + 1000);
    const again = await subscribeTo(app, seeded, 'pro');
    expect(again.body).toMatchObject({ status: 'active', plan: 'pro', amount: 5900 });
    expect(again.body.id).not.toBe(sub.body.id);
    expect((await history(app, seeded))[0]).toMatchObject({ total: 5900, status: 'paid' });
  });

  it('the timer entry point advances every due subscription and is idempotent', async () => {
    const a = await seedUser(app);
    await saveCard(app, a);
    await subscribeTo(app, a, 'standard');
    app.clock.advance(TRIAL_DAYS * DAY_MS + 1000);
    const now = new Date(app.clock.now());
    const [first, second] = await Promise.all([
      advanceLocalBilling(app.ctx, now),
      advanceLocalBilling(app.ctx, now),
    ]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect(await advanceLocalBilling(app.ctx, now)).toBe(0);
    expect((await history(app, a)).map((i) => i.total)).toEqual([2900, 0]);
  });
});
