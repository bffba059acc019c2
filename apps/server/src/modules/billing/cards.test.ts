import { describe, expect, it } from 'vitest';
import { seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { cardBrand, luhnValid } from './providers/local/cards.ts';
import { CARDS, card, saveCard, tokenFor } from './testing/billingTestKit.ts';

const app = withApp({ mail: 'outbox' });

describe('card rules', () => {
  it('checks Luhn and names the brand as Stripe does', () => {
    expect(luhnValid(CARDS.ok)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardBrand('5555555555554444')).toBe('MasterCard');
    expect(cardBrand('378282246310005')).toBe('American Express');
    expect(cardBrand('6011111111111117')).toBe('Discover');
  });
});

describe('POST /api/billing/local/tokens', () => {
  it('needs a signed-in user', async () => {
    expect((await app.call('POST', '/api/billing/local/tokens', { body: card(CARDS.ok) })).status).toBe(401);
  });

  it('turns a valid card into a single-use token', async () => {
    const { token } = await seedUser(app);
    const res = await tokenFor(app, token, card('4242 4242 4242 4242'));
    expect(res.status).toBe(200);
    expect(res.body.id).toMatch(/^tok_[0-9a-f]{24}$/);
  });

  it.each([
    ['a number failing the Luhn check', { number: '4242424242424241' }, 'Your card number is incorrect.'],
    ['a short number', { number: '4242' }, 'Your card number is incorrect.'],
    ['no name', { name: '   ' }, 'Please enter the name'],
    ['month 13', { exp_month: 13 }, "Your card's expiration month is invalid."],
    ['a past expiry', { exp_month: 1, exp_year: 2020 }, "Your card's expiration date is in the past."],
    ['a two-digit cvc', { cvc: '12' }, "Your card's security code is invalid."],
  ])('answers 402 card_error for %s', async (_label, overrides, message) => {
    const { token } = await seedUser(app);
    const res = await tokenFor(app, token, card(CARDS.ok, overrides));
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ error: 'card_error', message });
  });

  it('answers 400 for input of the wrong shape', async () => {
    const { token } = await seedUser(app);
    for (const body of [{}, { ...card(CARDS.ok), exp_month: '12x' }, 'not json', [1, 2]]) {
      const res = await tokenFor(app, token, body);
      expect(res.status).toBe(400);
    }
  });
});

describe('POST and GET /api/stripe/customer', () => {
  it('saves the card and shows it; GET answers null before', async () => {
    const seeded = await seedUser(app);
    const before = await app.call('GET', '/api/stripe/customer', { token: seeded.token });
    expect(before.status).toBe(200);
    expect(before.body).toBeNull();

    const saved = await saveCard(app, seeded);
    expect(saved.status).toBe(200);
    const year = new Date().getUTCFullYear() + 3;
    const view = { card_kind: 'Visa', card_last_4: '4242', card_exp_month: 12, card_exp_year: year };
    expect(saved.body).toEqual(view);
    expect((await app.call('GET', '/api/stripe/customer', { token: seeded.token })).body).toEqual(view);
    expect((await app.call('GET', '/api/auth/user', { token: seeded.token })).body).toMatchObject({
      user: { customer: view },
    });
  });

  it('replaces the card when a new one is saved', async () => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded);
    const next = await saveCard(app, seeded, '5555555555554444');
    expect(next.body).toMatchObject({ card_kind: 'MasterCard', card_last_4: '4444' });
  });

  it.each([
    [CARDS.declined, 'Your card was declined.'],
    [CARDS.insufficient, 'Your card has insufficient funds.'],
  ])("declines %s with Stripe's message and saves nothing", async (number, message) => {
    const seeded = await seedUser(app);
    const res = await saveCard(app, seeded, number);
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ error: 'card_error', message });
    expect((await app.call('GET', '/api/stripe/customer', { token: seeded.token })).body).toBeNull();
  });

  it('attaches the card that later fails to charge (…0341)', async () => {
    const seeded = await seedUser(app);
    const res = await saveCard(app, seeded, CARDS.chargeFails);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ card_last_4: '0341' });
  });

  it('refuses an unknown or reused token', async () => {
    const seeded = await seedUser(app);
    const unknown = await app.call('POST', '/api/stripe/customer', {
      token: seeded.token,
      body: { token: 'tok_nope' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: 'invalid_card_token' });
    const tok = await tokenFor(app, seeded.token, card(CARDS.ok));
    const first = await app.call('POST', '/api/stripe/customer', {
      token: seeded.token,
      body: { token: tok.body.id },
    });
    expect(first.status).toBe(200);
    const again = await app.call('POST', '/api/stripe/customer', {
      token: seeded.token,
      body: { token: tok.body.id },
    });
    expect(again.status).toBe(400);
  });

  it('needs a verified, signed-in user and a token', async () => {
    expect((await app.call('POST', '/api/stripe/customer', { body: { token: 'x' } })).status).toBe(401);
    expect((await app.call('GET', '/api/stripe/customer')).status).toBe(401);
    const unverified = await seedUser(app, { emailVerified: false });
    const res = await app.call('POST', '/api/stripe/customer', {
      token: unverified.token,
      body: { token: 'tok_x' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'email_unverified' });
    const verified = await seedUser(app);
    for (const body of [{}, { token: '' }, { token: 5 }, '{']) {
      const bad = await app.call('POST', '/api/stripe/customer', { token: verified.token, body });
      expect(bad.status).toBe(400);
    }
  });
});
