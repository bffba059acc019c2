import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  arrayParam,
  CARDS,
  id,
  invoiceFor,
  item,
  type Json,
  now,
  PRICES,
  priceFor,
  readForm,
  send,
  stripeError,
} from './fakeStripeObjects.ts';

/**
 * A fake Stripe API on loopback for tests: just the endpoints the provider calls, answering in
 * Stripe's documented JSON shapes. Card tokens follow Stripe's test tokens (tok_visa,
 * tok_chargeDeclined, tok_chargeCustomerFail). Prices have `price_…` ids and our plan ids as
 * lookup keys, as a real account set up per the README has. Test code reads and edits `state`
 * directly; `faults` makes the next answers of a kind come back broken.
 */

/** Broken answers a test can ask for: a customer or subscription without its id, a customer without its card. */
export type FakeStripeFault = 'customer_without_id' | 'subscription_without_id' | 'customer_without_card';

export interface FakeStripe {
  url: string;
  secretKey: string;
  state: {
    customers: Map<string, Json>;
    subscriptions: Map<string, Json>;
    invoices: Json[];
    coupons: Map<string, Json>;
    /** By price id. */
    prices: Map<string, Json>;
  };
  faults: Set<FakeStripeFault>;
  /** Every call as `METHOD /path`, with its form fields. */
  calls: { route: string; form: Record<string, string> }[];
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(8).toString('hex')}`;
  const state: FakeStripe['state'] = {
    customers: new Map(),
    subscriptions: new Map(),
    invoices: [],
    coupons: new Map([
      ['TRADER10', { id: 'TRADER10', object: 'coupon', name: 'Trader 10', percent_off: 10, valid: true }],
    ]),
    prices: new Map(),
  };
  for (const [key, amount] of Object.entries(PRICES)) {
    const price = priceFor(key, amount);
    state.prices.set(price.id as string, price);
  }
  const calls: FakeStripe['calls'] = [];
  const faults = new Set<FakeStripeFault>();
  /** Strips the id from an answer when the test asked for that fault. */
  const maybeBroken = (object: Json, fault: FakeStripeFault) =>
    faults.has(fault) ? { ...object, id: undefined } : object;

  const invoice = (sub: Json, total: number) => {
    state.invoices.push(invoiceFor(sub, total, now() + state.invoices.length));
  };

  const discounts = (form: Record<string, string>) => {
    const coupon = form['discounts[0][coupon]'];
    const found = coupon ? state.coupons.get(coupon) : undefined;
    return found
      ? [{ id: id('di'), object: 'discount', source: { type: 'coupon', coupon: found } }]
      : undefined;
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const form = await readForm(req);
    calls.push({ route: `${req.method} ${path}`, form });
    const [, , resource, rid, action] = path.split('/');

    if (resource === 'prices' && !rid && req.method === 'GET') {
      // Stripe: `lookup_keys` (up to 10) and `active` filter; archived prices match unless active=true.
      const keys = arrayParam(req, 'lookup_keys');
      if (keys.length > 10)
        return stripeError(res, 400, 'invalid_request_error', 'lookup_keys: at most 10 values');
      const data = [...state.prices.values()].filter(
        (price) =>
          (keys.length === 0 || keys.includes(price.lookup_key as string)) &&
          (form.active === undefined || String(price.active) === form.active),
      );
      const limit = Number(form.limit ?? 10);
      return send(res, {
        object: 'list',
        data: data.slice(0, limit),
        has_more: data.length > limit,
        url: '/v1/prices',
      });
    }

    if (resource === 'customers' && req.method === 'POST') {
      const card = CARDS[form.source ?? ''];
      if (form.source && !card)
        return stripeError(
          res,
          400,
          'invalid_request_error',
          `No such token: '${form.source}'`,
          'resource_missing',
        );
      if (card?.fails === 'attach')
        return stripeError(res, 402, 'card_error', 'Your card was declined.', 'card_declined');
      const existing = rid ? state.customers.get(rid) : undefined;
      if (rid && !existing)
        return stripeError(
          res,
          404,
          'invalid_request_error',
          `No such customer: '${rid}'`,
          'resource_missing',
        );
      const customer: Json = existing ?? {
        id: id('cus'),
        object: 'customer',
        email: form.email,
        metadata: {},
      };
      if (card && faults.has('customer_without_card')) customer.default_source = null;
      else if (card) {
        customer.default_source = {
          id: id('card'),
          object: 'card',
          brand: card.brand,
          last4: card.last4,
          exp_month: 12,
          exp_year: 2034,
          fails: card.fails ?? null,
        };
      }
      state.customers.set(customer.id as string, customer);
      return send(res, maybeBroken(customer, 'customer_without_id'));
    }
    if (resource === 'subscriptions' && req.method === 'POST' && !rid) {
      const customer = state.customers.get(form.customer ?? '');
      if (!customer)
        return stripeError(
          res,
          400,
          'invalid_request_error',
          `No such customer: '${form.customer}'`,
          'resource_missing',
        );
      const priceId = form['items[0][price]'] ?? '';
      const price = state.prices.get(priceId);
      if (!price)
        return stripeError(
          res,
          400,
          'invalid_request_error',
          `No such price: '${priceId}'`,
          'resource_missing',
        );
      const trialDays = Number(form.trial_period_days ?? 0);
      const sub: Json = {
        id: id('sub'),
        object: 'subscription',
        customer: customer.id,
        status: trialDays > 0 ? 'trialing' : 'active',
        created: now(),
        trial_end: trialDays > 0 ? now() + trialDays * 86_400 : null,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        discounts: discounts(form) ?? [],
        items: { object: 'list', data: [item(price)] },
        metadata: {},
      };
      state.subscriptions.set(sub.id as string, sub);
      invoice(sub, trialDays > 0 ? 0 : (price.unit_amount as number));
      return send(res, maybeBroken(sub, 'subscription_without_id'));
    }
    if (resource === 'subscriptions' && rid) {
      const sub = state.subscriptions.get(rid);
      if (!sub)
        return stripeError(
          res,
          404,
          'invalid_request_error',
          `No such subscription: '${rid}'`,
          'resource_missing',
        );
      if (req.method === 'POST') {
        if (form.cancel_at_period_end) {
          sub.cancel_at_period_end = form.cancel_at_period_end === 'true';
          sub.canceled_at = sub.cancel_at_period_end ? now() : null;
        }
        const priceId = form['items[0][price]'];
        if (priceId) {
          const price = state.prices.get(priceId);
          if (!price)
            return stripeError(
              res,
              400,
              'invalid_request_error',
              `No such price: '${priceId}'`,
              'resource_missing',
            );
          (sub.items as { data: Json[] }).data = [item(price)];
          if (form.proration_behavior === 'always_invoice')
            invoice(sub, Math.round((price.unit_amount as number) / 3));
        }
        sub.discounts = discounts(form) ?? sub.discounts;
      } else if (req.method === 'DELETE') {
        Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
      }
      return send(res, maybeBroken(sub, 'subscription_without_id'));
    }
    if (resource === 'invoices' && !rid && req.method === 'GET') {
      const data = state.invoices
        .filter(
          (i) =>
            i.customer === form.customer &&
            (!form.subscription || i.subscription === form.subscription) &&
            (!form.status || i.status === form.status),
        )
        .reverse();
      return send(res, { object: 'list', data, has_more: false, url: '/v1/invoices' });
    }
    if (resource === 'invoices' && rid && action === 'pay' && req.method === 'POST') {
      // Pays with the customer's default source; a paid invoice brings its subscription back to active.
      const found = state.invoices.find((i) => i.id === rid);
      if (!found)
        return stripeError(
          res,
          404,
          'invalid_request_error',
          `No such invoice: '${rid}'`,
          'resource_missing',
        );
      if (found.status !== 'open')
        return stripeError(res, 400, 'invalid_request_error', 'Invoice is already paid');
      const source = state.customers.get(found.customer as string)?.default_source as Json | undefined;
      if (!source || source.fails)
        return stripeError(res, 402, 'card_error', 'Your card was declined.', 'card_declined');
      found.status = 'paid';
      const sub = state.subscriptions.get(found.subscription as string);
      if (sub && (sub.status === 'past_due' || sub.status === 'unpaid')) sub.status = 'active';
      return send(res, found);
    }
    if (resource === 'coupons' && rid && req.method === 'GET') {
      const coupon = state.coupons.get(decodeURIComponent(rid));
      if (!coupon)
        return stripeError(res, 404, 'invalid_request_error', `No such coupon: '${rid}'`, 'resource_missing');
      return send(res, coupon);
    }
    return stripeError(
      res,
      404,
      'invalid_request_error',
      `Unrecognized request URL (${req.method}: ${path})`,
    );
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => stripeError(res, 500, 'api_error', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    state,
    calls,
    faults,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
