import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config.ts';
import { billingCustomers } from '../../platform/db/schema.ts';
import { seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { currentSubscription, history, type SubscriptionBody } from './testing/billingTestKit.ts';
import { type FakeStripe, startFakeStripe } from './testing/fakeStripe.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
let fake: FakeStripe;
const signer = new Stripe('sk_test_unused');

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake?.close();
});
// Started after the fake Stripe (hooks run in order), closed before it (in reverse).
const app = withApp(() => ({
  mail: 'outbox',
  env: {
    BILLING: 'stripe',
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    STRIPE_API_BASE: fake.url,
  },
}));

/** The fake account's price id for a lookup key (ids are Stripe's own `price_…`). */
function priceId(lookupKey: string) {
  return [...fake.state.prices.values()].find((p) => p.lookup_key === lookupKey)?.id;
}

async function customerRow(userId: string) {
  const [row] = await app.ctx.database.db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  return row;
}

function subscribe(token: string, plan: string) {
  return app.call<SubscriptionBody>('POST', '/api/stripe/subscription', { token, body: { plan } });
}

async function customerWith(source: string) {
  const seeded = await seedUser(app);
  const res = await app.call('POST', '/api/stripe/customer', {
    token: seeded.token,
    body: { token: source },
  });
  return { seeded, res };
}

function webhook(
  event: object,
  { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return app.call('POST', '/api/stripe/webhook', { body: payload, headers: { 'stripe-signature': header } });
}

const subscriptionEvent = (eventId: string, object: object, type = 'customer.subscription.updated') => ({
  id: eventId,
  object: 'event',
  type,
  created: Math.floor(Date.now() / 1000),
  data: { object },
});

describe('configuration', () => {
  it('BILLING=stripe without keys stops start-up naming the variables', () => {
    expect(() => loadConfig({ BILLING: 'stripe' })).toThrow(ConfigError);
    expect(() => loadConfig({ BILLING: 'stripe', STRIPE_SECRET_KEY: 'sk' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ BILLING: 'paypal' })).toThrow(/BILLING/);
    expect(() => loadConfig({ PLAN_PRICES: 'gold=1' })).toThrow(/PLAN_PRICES/);
    expect(loadConfig({}).billing).toMatchObject({ provider: 'local', stripe: null });
  });

  it('tells the browser to load Stripe.js with the publishable key; the local card form is gone', async () => {
    expect((await app.call('GET', '/api/billing/config')).body).toEqual({
      provider: 'stripe',
      publishable_key: 'pk_test_123',
      trial_days: 5,
    });
    const { token } = await seedUser(app);
    expect((await app.call('POST', '/api/billing/local/tokens', { token, body: {} })).status).toBe(404);
  });
});

describe('stripe provider against the fake API', () => {
  it('saves a card, subscribes with a trial, changes plan, cancels and shows history', async () => {
    const { seeded, res } = await customerWith('tok_visa');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      card_kind: 'Visa',
      card_last_4: '4242',
      card_exp_month: 12,
      card_exp_year: 2034,
    });

    const sub = await app.call<SubscriptionBody>('POST', '/api/stripe/subscription', {
      token: seeded.token,
      body: { plan: 'pro', coupon: 'TRADER10' },
    });
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({ plan: 'pro', amount: 5310, status: 'trialing', canceled_at: null });
    // The price is found by its lookup key (our plan id) and sent by Stripe's own price id.
    const lookup = fake.calls.find((c) => c.route === 'GET /v1/prices');
    expect(lookup?.form).toMatchObject({ 'lookup_keys[0]': 'pro', active: 'true' });
    const created = fake.calls.find((c) => c.route === 'POST /v1/subscriptions');
    expect(created?.form).toMatchObject({
      trial_period_days: '5',
      'items[0][price]': priceId('pro'),
      'discounts[0][coupon]': 'TRADER10',
    });

    const changed = await app.call<SubscriptionBody>('POST', '/api/stripe/subscription', {
      token: seeded.token,
      body: { plan: 'proplus' },
    });
    expect(changed.body).toMatchObject({ id: sub.body.id, plan: 'proplus' });
    const update = fake.calls.findLast((c) => c.route === `POST /v1/subscriptions/${sub.body.id}`);
    expect(update?.form).toMatchObject({
      proration_behavior: 'always_invoice',
      'items[0][price]': priceId('proplus'),
    });

    const canceled = await app.call<SubscriptionBody>('DELETE', `/api/stripe/subscription/${sub.body.id}`, {
      token: seeded.token,
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body.canceled_at).toEqual(expect.any(Number));
    expect(canceled.body.status).toBe('trialing');

    const invoices = await history(app, seeded);
    expect(invoices.map((i) => i.lines.data[0]?.plan.id)).toEqual(['proplus', 'pro']);
    expect(invoices[1]?.total).toBe(0);
  });

  it("relays the card's decline message and refuses unknown coupons", async () => {
    const { res } = await customerWith('tok_chargeDeclined');
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ error: 'card_error', message: 'Your card was declined.' });

    const { token } = await seedUser(app);
    expect((await app.call('GET', '/api/stripe/coupon/TRADER10', { token })).body).toEqual({
      id: 'TRADER10',
      name: 'Trader 10',
      percent_off: 10,
    });
    const missing = await app.call('GET', '/api/stripe/coupon/NOPE', { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'No such coupon: NOPE' });
  });

  it('a returning customer is offered no trial and Stripe is asked for none', async () => {
    const { seeded } = await customerWith('tok_visa');
    const plans = await app.call<{ trial_period_days: number }[]>('GET', '/api/stripe/plans', {
      token: seeded.token,
    });
    expect(plans.body.map((p) => p.trial_period_days)).toEqual(Array(6).fill(5));
    const first = await subscribe(seeded.token, 'standard');
    // Stripe ends it (the period is over); the webhook mirrors that.
    const remote = fake.state.subscriptions.get(first.body.id);
    if (remote) Object.assign(remote, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
    await webhook(subscriptionEvent('evt_returning', { id: first.body.id }, 'customer.subscription.deleted'));

    const again = await app.call<{ trial_period_days: number }[]>('GET', '/api/stripe/plans', {
      token: seeded.token,
    });
    expect(again.body.map((p) => p.trial_period_days)).toEqual(Array(6).fill(0));
    const second = await subscribe(seeded.token, 'pro');
    expect(second.body).toMatchObject({ plan: 'pro', status: 'active' });
    const created = fake.calls.findLast((c) => c.route === 'POST /v1/subscriptions');
    expect(created?.form.customer).toBe(fake.state.subscriptions.get(second.body.id)?.customer);
    expect(created?.form).not.toHaveProperty('trial_period_days');
  });

  it('a price missing from the account is a 503, not a subscription', async () => {
    const { seeded } = await customerWith('tok_visa');
    // proplus_annual has no price with that lookup key in the fake account.
    const res = await subscribe(seeded.token, 'proplus_annual');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: 'billing_unavailable' });
    expect(await currentSubscription(app, seeded)).toBeNull();
  });
});

describe('answers that must not be stored', () => {
  it('a refused card saves no customer row, and a saved card stays when a new one is refused', async () => {
    const { seeded, res } = await customerWith('tok_chargeDeclined');
    expect(res.status).toBe(402);
    expect(await customerRow(seeded.user.id)).toBeUndefined();

    fake.faults.add('customer_without_card');
    try {
      const noCard = await app.call('POST', '/api/stripe/customer', {
        token: seeded.token,
        body: { token: 'tok_visa' },
      });
      expect(noCard.status).toBe(402);
      expect(noCard.body).toEqual({ error: 'card_error', message: 'Payment method verification failed!' });
    } finally {
      fake.faults.delete('customer_without_card');
    }
    expect(await customerRow(seeded.user.id)).toBeUndefined();

    const saved = await app.call('POST', '/api/stripe/customer', {
      token: seeded.token,
      body: { token: 'tok_visa' },
    });
    expect(saved.status).toBe(200);
    const replaced = await app.call('POST', '/api/stripe/customer', {
      token: seeded.token,
      body: { token: 'tok_chargeDeclined' },
    });
    expect(replaced.status).toBe(402);
    expect((await app.call('GET', '/api/stripe/customer', { token: seeded.token })).body).toMatchObject({
      card_last_4: '4242',
    });
  });

  it("a customer or subscription answer without an id is a 502 'billing_unavailable', nothing stored", async () => {
    const seeded = await seedUser(app);
    fake.faults.add('customer_without_id');
    try {
      const res = await app.call('POST', '/api/stripe/customer', {
        token: seeded.token,
        body: { token: 'tok_visa' },
      });
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ error: 'billing_unavailable' });
    } finally {
      fake.faults.delete('customer_without_id');
    }
    expect(await customerRow(seeded.user.id)).toBeUndefined();

    await app.call('POST', '/api/stripe/customer', { token: seeded.token, body: { token: 'tok_visa' } });
    fake.faults.add('subscription_without_id');
    try {
      const res = await subscribe(seeded.token, 'pro');
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ error: 'billing_unavailable' });
    } finally {
      fake.faults.delete('subscription_without_id');
    }
    expect(await currentSubscription(app, seeded)).toBeNull();
  });
});

describe('past due, resume', () => {
  it('a new card pays the open invoice of a past-due subscription at once', async () => {
    const { seeded } = await customerWith('tok_chargeCustomerFail');
    const sub = await subscribe(seeded.token, 'pro');
    const remote = fake.state.subscriptions.get(sub.body.id);
    if (remote) remote.status = 'past_due';
    const open = { ...(fake.state.invoices.at(-1) ?? {}), id: 'in_open_1', status: 'open', total: 5900 };
    fake.state.invoices.push(open);
    await webhook(subscriptionEvent('evt_past_due', { id: sub.body.id }));
    expect((await currentSubscription(app, seeded))?.status).toBe('past_due');

    const saved = await app.call('POST', '/api/stripe/customer', {
      token: seeded.token,
      body: { token: 'tok_visa' },
    });
    expect(saved.status).toBe(200);
    expect(fake.calls.some((c) => c.route === 'POST /v1/invoices/in_open_1/pay')).toBe(true);
    expect(open.status).toBe('paid');
    expect((await currentSubscription(app, seeded))?.status).toBe('active');
  });

  it('resume sends cancel_at_period_end=false and clears the pending cancellation', async () => {
    const { seeded } = await customerWith('tok_visa');
    const sub = await subscribe(seeded.token, 'standard');
    const canceled = await app.call<SubscriptionBody>('DELETE', `/api/stripe/subscription/${sub.body.id}`, {
      token: seeded.token,
    });
    expect(canceled.body.cancel_at).toEqual(expect.any(Number));
    const resumed = await app.call<SubscriptionBody>(
      'POST',
      `/api/stripe/subscription/${sub.body.id}/resume`,
      {
        token: seeded.token,
      },
    );
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ id: sub.body.id, canceled_at: null, cancel_at: null });
    const call = fake.calls.findLast((c) => c.route === `POST /v1/subscriptions/${sub.body.id}`);
    expect(call?.form).toMatchObject({ cancel_at_period_end: 'false' });
  });
});

describe('POST /api/stripe/webhook', () => {
  it('applies a signed event by reading the subscription from the API, once per event id', async () => {
    const { seeded } = await customerWith('tok_visa');
    const sub = await app.call<SubscriptionBody>('POST', '/api/stripe/subscription', {
      token: seeded.token,
      body: { plan: 'standard' },
    });
    // Stripe now says past_due; the event body is stale and says active. The API wins.
    const remote = fake.state.subscriptions.get(sub.body.id);
    if (remote) remote.status = 'past_due';
    const event = subscriptionEvent('evt_order_1', {
      id: sub.body.id,
      object: 'subscription',
      status: 'active',
    });
    const first = await webhook(event);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true });
    expect((await currentSubscription(app, seeded))?.status).toBe('past_due');

    const retrievals = fake.calls.filter((c) => c.route === `GET /v1/subscriptions/${sub.body.id}`).length;
    const again = await webhook(event);
    expect(again.body).toEqual({ received: true, duplicate: true });
    expect(fake.calls.filter((c) => c.route === `GET /v1/subscriptions/${sub.body.id}`).length).toBe(
      retrievals,
    );

    // A deletion that arrives before an older update still ends with Stripe's current state.
    if (remote) Object.assign(remote, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
    await webhook(subscriptionEvent('evt_order_3', { id: sub.body.id }, 'customer.subscription.deleted'));
    await webhook(subscriptionEvent('evt_order_2', { id: sub.body.id, status: 'active' }));
    const ended = await currentSubscription(app, seeded);
    expect(ended?.status).toBe('canceled');
    expect(ended?.ended_at).toEqual(expect.any(Number));
  });

  it('refuses a bad, missing or stale signature with 400 and ignores unrelated events', async () => {
    const event = subscriptionEvent('evt_sig', { id: 'sub_nope' });
    expect((await webhook(event, { secret: 'whsec_wrong' })).status).toBe(400);
    const unsigned = await app.call('POST', '/api/stripe/webhook', { body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body).toMatchObject({ error: 'invalid_signature' });
    const stale = Math.floor(app.clock.now() / 1000) - 301;
    expect((await webhook(event, { timestamp: stale })).status).toBe(400);
    // Within tolerance: accepted; a subscription Stripe does not know is nothing to mirror.
    expect((await webhook(event, { timestamp: stale + 10 })).status).toBe(200);
    const other = await webhook({
      id: 'evt_invoice',
      object: 'event',
      type: 'invoice.paid',
      data: { object: {} },
    });
    expect(other.body).toEqual({ received: true });
    const garbage = await app.call('POST', '/api/stripe/webhook', {
      body: '{nope',
      headers: { 'stripe-signature': 't=1,v1=x' },
    });
    expect(garbage.status).toBe(400);
  });
});
