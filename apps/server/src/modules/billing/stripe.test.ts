import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config.ts';
import { seedUser } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/testApp.ts';
import { currentSubscription, history, type SubscriptionBody } from './billingTestKit.ts';
import { type FakeStripe, startFakeStripe } from './providers/stripe/fakeStripe.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
let fake: FakeStripe;
let app: TestApp;
const signer = new Stripe('sk_test_unused');

beforeAll(async () => {
  fake = await startFakeStripe();
  app = await startTestApp({
    mail: 'outbox',
    env: {
      BILLING: 'stripe',
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_API_BASE: fake.url,
    },
  });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

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
    const created = fake.calls.find((c) => c.route === 'POST /v1/subscriptions');
    expect(created?.form).toMatchObject({
      trial_period_days: '5',
      'items[0][price]': 'pro',
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
      'items[0][price]': 'proplus',
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
    expect(missing.body).toEqual({ error: 'not_found', message: 'No such coupon: NOPE' });
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
    const stale = Math.floor(app.clock.now().getTime() / 1000) - 301;
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
