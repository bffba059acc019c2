import { TRIAL_DAYS } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { addMonths } from './catalog.ts';
import {
  CARDS,
  currentSubscription,
  DAY_MS,
  history,
  saveCard,
  subscribeTo,
} from './testing/billingTestKit.ts';

const app = withApp({ mail: 'outbox', env: { JWT_TTL_HOURS: '100000' } });

/** A trader whose trial is over and whose first month is paid. */
async function payingOn(plan: string, number: string = CARDS.ok) {
  const seeded = await seedUser(app);
  await saveCard(app, seeded, number);
  await subscribeTo(app, seeded, plan);
  app.clock.advance(TRIAL_DAYS * DAY_MS + 1000);
  expect((await currentSubscription(app, seeded))?.status).toBe('active');
  return seeded;
}

describe('plan changes credit unused time', () => {
  it('upgrading mid-month charges the difference for the rest of the month', async () => {
    const seeded = await payingOn('standard');
    app.clock.advance(10 * DAY_MS);
    const res = await subscribeTo(app, seeded, 'pro');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plan: 'pro', amount: 5900, status: 'active' });
    const [line] = await history(app, seeded);
    expect(line?.lines.data[0]?.plan.id).toBe('pro');
    // About two thirds of a month of (5900 − 2900) cents.
    expect(line?.total).toBeGreaterThan(0);
    expect(line?.total).toBeLessThan(3000);
  });

  it('downgrading gives money back (negative total)', async () => {
    const seeded = await payingOn('proplus');
    app.clock.advance(3 * DAY_MS);
    await subscribeTo(app, seeded, 'standard');
    const [line] = await history(app, seeded);
    expect(line?.total).toBeLessThan(0);
    expect(line?.lines.data[0]?.plan.id).toBe('standard');
    expect((await currentSubscription(app, seeded))?.plan).toBe('standard');
  });

  it('switching to annual restarts the period and charges the year less the credit', async () => {
    const seeded = await payingOn('pro');
    const res = await subscribeTo(app, seeded, 'pro_annual');
    const [line] = await history(app, seeded);
    expect(line?.total).toBeLessThan(59000);
    expect(line?.total).toBeGreaterThanOrEqual(59000 - 5900);
    expect(res.body).toMatchObject({ plan: 'pro_annual', amount: 59000 });
    // The next charge is a year away.
    app.clock.advance(40 * DAY_MS);
    expect((await history(app, seeded)).length).toBe(3);
  });

  it('an upgrade on a card that fails is refused with its message and nothing changes', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded);
    await subscribeTo(app, seeded, 'standard');
    app.clock.advance(TRIAL_DAYS * DAY_MS + 1000);
    await saveCard(app, seeded, CARDS.chargeFails);
    const res = await subscribeTo(app, seeded, 'proplus');
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ error: 'card_error', message: 'Your card was declined.' });
    expect((await currentSubscription(app, seeded))?.plan).toBe('standard');
  });
});

describe('addMonths', () => {
  it('clamps to the end of shorter months', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-03-15T00:00:00Z'), 12).toISOString()).toBe('2027-03-15T00:00:00.000Z');
  });
});
