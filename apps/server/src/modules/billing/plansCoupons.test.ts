import { DEFAULT_PLAN_IDS, LEGACY_PLAN_IDS, planListSchema, TRIAL_DAYS } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';

const app = withApp({
  mail: 'outbox',
  env: { PLAN_PRICES: 'pro=6900', BILLING_COUPONS: 'TRADER10=10,HALF=50' },
});

describe('GET /api/stripe/plans', () => {
  it('needs a signed-in user', async () => {
    const res = await app.call('GET', '/api/stripe/plans');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid access_token' });
  });

  it('lists the six plans on sale with configured prices, legacy plans hidden', async () => {
    const { token } = await seedUser(app, { emailVerified: false });
    const res = await app.call<
      { id: string; amount: number; interval: string; metadata: { features: string } }[]
    >('GET', '/api/stripe/plans', { token });
    expect(res.status).toBe(200);
    expect(planListSchema.parse(res.body)).toHaveLength(6);
    expect(res.body.map((p) => p.id).sort()).toEqual([...DEFAULT_PLAN_IDS].sort());
    const byId = Object.fromEntries(res.body.map((p) => [p.id, p]));
    expect(byId.standard).toMatchObject({
      amount: 2900,
      interval: 'month',
      interval_count: 1,
      nickname: 'Standard',
    });
    expect(byId.pro).toMatchObject({ amount: 6900 });
    expect(byId.proplus_annual).toMatchObject({ amount: 99000, interval: 'year', interval_count: 1 });
    expect(byId.pro?.metadata.features.split(',')).toContain('Discovery table');
    expect(byId.proplus?.metadata.features.split(',')).toContain('Conditional alerts (up to 5)');
    for (const legacy of LEGACY_PLAN_IDS) expect(byId[legacy]).toBeUndefined();
  });
});

describe('GET /api/billing/config', () => {
  it('tells the browser which card form to load, without signing in', async () => {
    const res = await app.call('GET', '/api/billing/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: 'local', publishable_key: null, trial_days: TRIAL_DAYS });
  });
});

describe('GET /api/stripe/coupon/:code', () => {
  it('answers a configured coupon, case-insensitively', async () => {
    const { token } = await seedUser(app);
    const res = await app.call('GET', '/api/stripe/coupon/trader10', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 'TRADER10', name: '10% off', percent_off: 10 });
  });

  it("answers 404 'No such coupon: <code>' for an unknown code", async () => {
    const { token } = await seedUser(app);
    const res = await app.call('GET', '/api/stripe/coupon/LAUNCH25', { token });
    expect(res.status).toBe(404);
    // Spec §8: the contract is the text of `error` itself, beginning 'No such coupon'.
    expect(res.body).toEqual({ error: 'No such coupon: LAUNCH25' });
  });

  it('needs a signed-in user and rejects over-long codes with a 4xx', async () => {
    expect((await app.call('GET', '/api/stripe/coupon/TRADER10')).status).toBe(401);
    const { token } = await seedUser(app);
    const res = await app.call('GET', `/api/stripe/coupon/${'X'.repeat(80)}`, { token });
    expect(res.status).toBe(400);
  });
});
