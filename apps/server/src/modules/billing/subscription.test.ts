import { isActive, TRIAL_DAYS } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { seedSubscription, seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import {
  currentSubscription,
  DAY_MS,
  history,
  type SubscriptionBody,
  saveCard,
  subscribeTo,
} from './testing/billingTestKit.ts';

const app = withApp({ mail: 'outbox' });

const cancel = (token: string | undefined, id: string) =>
  app.call<SubscriptionBody>('DELETE', `/api/stripe/subscription/${encodeURIComponent(id)}`, { token });

describe('POST /api/stripe/subscription', () => {
  it('starts a 5-day trial on the chosen plan with a $0 invoice', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded);
    const res = await subscribeTo(app, seeded, 'pro');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      plan: 'pro',
      amount: 5900,
      status: 'trialing',
      ended_at: null,
      canceled_at: null,
    });
    expect(res.body.id).toMatch(/^sub_/);
    expect(isActive(res.body)).toBe(true);
    expect(await currentSubscription(app, seeded)).toEqual(res.body);
    const invoices = await history(app, seeded);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      total: 0,
      status: 'paid',
      lines: { data: [{ plan: { id: 'pro' } }] },
    });
    expect(Math.abs((invoices[0]?.created ?? 0) - app.clock.now() / 1000)).toBeLessThan(5);
    expect(TRIAL_DAYS).toBe(5);
  });

  it('applies a coupon to the price', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded);
    const res = await subscribeTo(app, seeded, 'proplus', 'launch25');
    expect(res.body).toMatchObject({ plan: 'proplus', amount: 7425, percent_off: 25 });
    // The discount is shown with the subscription, for the plan screen to price a change with.
    expect(await currentSubscription(app, seeded)).toMatchObject({ percent_off: 25 });
  });

  it("refuses an unknown coupon with 'No such coupon' and creates nothing", async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded);
    const res = await subscribeTo(app, seeded, 'pro', 'NOPE');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'No such coupon: NOPE' });
    expect(await currentSubscription(app, seeded)).toBeNull();
  });

  it('honours a legacy plan id and refuses an unknown one', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded);
    const unknown = await subscribeTo(app, seeded, 'gold');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: 'invalid_plan' });
    const legacy = await subscribeTo(app, seeded, 'pro_old');
    expect(legacy.status).toBe(200);
    expect(legacy.body).toMatchObject({ plan: 'pro_old', amount: 4900 });
  });

  it('needs a saved card, a verified email and a token', async () => {
    const noCard = await seedUser(app);
    const res = await subscribeTo(app, noCard, 'pro');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'card_required' });
    const unverified = await seedUser(app, { emailVerified: false });
    expect((await subscribeTo(app, unverified, 'pro')).status).toBe(403);
    expect((await app.call('POST', '/api/stripe/subscription', { body: { plan: 'pro' } })).status).toBe(401);
  });

  it('answers 400, never 5xx, for garbage', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded);
    for (const body of [
      {},
      { plan: '' },
      { plan: 7 },
      { plan: 'pro', coupon: 5 },
      { plan: 'x'.repeat(65) },
      '[',
      'null',
    ]) {
      const res = await app.call('POST', '/api/stripe/subscription', { token: seeded.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const nul = await subscribeTo(app, seeded, 'pro\u0000');
    expect(nul.status).toBe(400);
  });

  it('keeps one subscription: choosing again changes the plan of the live one', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded);
    const first = await subscribeTo(app, seeded, 'standard');
    const second = await subscribeTo(app, seeded, 'proplus');
    expect(second.body).toMatchObject({
      id: first.body.id,
      plan: 'proplus',
      amount: 9900,
      status: 'trialing',
    });
    // Nothing was paid during the trial, so a change there bills nothing.
    expect((await history(app, seeded)).map((i) => i.total)).toEqual([0]);
  });
});

describe('DELETE /api/stripe/subscription/:id', () => {
  it('cancels at period end: status stays, canceled_at is set, the plan still works', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded);
    const sub = await subscribeTo(app, seeded, 'pro');
    const res = await cancel(seeded.token, sub.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: sub.body.id, status: 'trialing', ended_at: null });
    expect(Math.abs((res.body.canceled_at ?? 0) - app.clock.now() / 1000)).toBeLessThan(5);
    expect(isActive(res.body)).toBe(true);
    // Cancelling twice changes nothing.
    expect((await cancel(seeded.token, sub.body.id)).body).toEqual(res.body);
  });

  it("answers 404 for someone else's subscription and leaves it alone", async () => {
    const owner = await seedUser(app);
    const other = await seedUser(app);
    const sub = await seedSubscription(app, owner.user.id);
    const res = await cancel(other.token, sub.id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'not_found', message: `No such subscription: ${sub.id}` });
    expect((await currentSubscription(app, owner))?.canceled_at).toBeNull();
    expect((await cancel(other.token, 'sub_missing')).status).toBe(404);
    expect((await cancel(undefined, sub.id)).status).toBe(401);
    const long = (await cancel(other.token, 'x'.repeat(300))).status;
    expect(long >= 400 && long < 500).toBe(true);
  });

  it('subscribing again before the period ends resumes the subscription', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded);
    const sub = await subscribeTo(app, seeded, 'pro');
    await cancel(seeded.token, sub.body.id);
    const resumed = await subscribeTo(app, seeded, 'pro');
    expect(resumed.body).toMatchObject({ id: sub.body.id, canceled_at: null, status: 'trialing' });
  });
});

describe('GET /api/stripe/history', () => {
  it('needs a token and is empty for a new user', async () => {
    expect((await app.call('GET', '/api/stripe/history')).status).toBe(401);
    const seeded = await seedUser(app);
    expect(await history(app, seeded)).toEqual([]);
  });

  it('lists newest first', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded);
    await subscribeTo(app, seeded, 'standard');
    app.clock.advance(TRIAL_DAYS * DAY_MS + 1000);
    const invoices = await history(app, seeded);
    expect(invoices.map((i) => i.total)).toEqual([2900, 0]);
    expect(invoices[0]?.created).toBeGreaterThan(invoices[1]?.created ?? 0);
  });
});
