import { TRIAL_DAYS } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { seedSubscription, seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import {
  currentSubscription,
  DAY_MS,
  type SubscriptionBody,
  saveCard,
  subscribeTo,
} from './testing/billingTestKit.ts';

const app = withApp({ mail: 'outbox' });

const cancel = (token: string, id: string) =>
  app.call<SubscriptionBody>('DELETE', `/api/stripe/subscription/${id}`, { token });
const resume = (token: string | undefined, id: string) =>
  app.call<SubscriptionBody>('POST', `/api/stripe/subscription/${encodeURIComponent(id)}/resume`, { token });
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

describe('cancel_at and POST /api/stripe/subscription/:id/resume', () => {
  it('a cancellation says when it takes effect; resuming undoes it and the plan renews', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded);
    const sub = await subscribeTo(app, seeded, 'pro');
    expect(sub.body.cancel_at).toBeNull();
    const trialEnd = seconds(new Date(app.clock.now())) + TRIAL_DAYS * 86_400;

    const canceled = await cancel(seeded.token, sub.body.id);
    expect(Math.abs((canceled.body.cancel_at ?? 0) - trialEnd)).toBeLessThanOrEqual(1);
    expect((await currentSubscription(app, seeded))?.cancel_at).toBe(canceled.body.cancel_at);

    const resumed = await resume(seeded.token, sub.body.id);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({
      id: sub.body.id,
      status: 'trialing',
      canceled_at: null,
      cancel_at: null,
    });
    // Resuming again changes nothing.
    expect((await resume(seeded.token, sub.body.id)).body).toEqual(resumed.body);

    app.clock.advance(TRIAL_DAYS * DAY_MS + 1000);
    expect(await currentSubscription(app, seeded)).toMatchObject({ status: 'active', ended_at: null });
  });

  it("answers 404 for someone else's subscription and leaves its cancellation pending", async () => {
    const owner = await seedUser(app);
    const other = await seedUser(app);
    const at = new Date(app.clock.now());
    const sub = await seedSubscription(app, owner.user.id, { cancelAtPeriodEnd: true, canceledAt: at });
    const res = await resume(other.token, sub.id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'not_found', message: `No such subscription: ${sub.id}` });
    expect((await currentSubscription(app, owner))?.canceled_at).toBe(seconds(at));
    expect((await resume(undefined, sub.id)).status).toBe(401);
    const long = (await resume(other.token, 'x'.repeat(300))).status;
    expect(long >= 400 && long < 500).toBe(true);
  });

  it('refuses to resume a subscription that has ended, and changes nothing', async () => {
    const seeded = await seedUser(app);
    const at = new Date(app.clock.now());
    const sub = await seedSubscription(app, seeded.user.id, {
      status: 'canceled',
      canceledAt: at,
      endedAt: at,
      cancelAtPeriodEnd: true,
    });
    const res = await resume(seeded.token, sub.id);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'not_resumable' });
    expect(await currentSubscription(app, seeded)).toMatchObject({
      status: 'canceled',
      ended_at: seconds(at),
    });
  });
});
