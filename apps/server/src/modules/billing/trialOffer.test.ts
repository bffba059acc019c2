import { planListSchema, TRIAL_DAYS } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { DAY_MS, history, saveCard, subscribeTo } from './testing/billingTestKit.ts';

const app = withApp({ mail: 'outbox' });

async function trialDays(token: string) {
  const res = await app.call('GET', '/api/stripe/plans', { token });
  expect(res.status).toBe(200);
  return new Set(planListSchema.parse(res.body).map((plan) => plan.trial_period_days));
}

describe('GET /api/stripe/plans says whether subscribing starts a trial (one per trader)', () => {
  it('offers the trial to a trader who never subscribed, and the subscription gets it', async () => {
    const seeded = await seedUser(app);
    expect(await trialDays(seeded.token)).toEqual(new Set([TRIAL_DAYS]));
    await saveCard(app, seeded);
    expect((await subscribeTo(app, seeded, 'pro')).body).toMatchObject({ status: 'trialing' });
  });

  it('offers none to a returning trader, who is then charged the full price at once', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded);
    const first = await subscribeTo(app, seeded, 'standard');
    // While the first subscription runs, choosing again is a plan change: no trial either.
    expect(await trialDays(seeded.token)).toEqual(new Set([0]));
    await app.call('DELETE', `/api/stripe/subscription/${first.body.id}`, { token: seeded.token });
    app.clock.advance(TRIAL_DAYS * DAY_MS + 1000);

    expect(await trialDays(seeded.token)).toEqual(new Set([0]));
    const again = await subscribeTo(app, seeded, 'pro');
    expect(again.body).toMatchObject({ status: 'active', amount: 5900 });
    expect((await history(app, seeded))[0]).toMatchObject({ total: 5900, status: 'paid' });
  });
});
