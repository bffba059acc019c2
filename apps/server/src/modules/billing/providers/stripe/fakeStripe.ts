import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CARDS,
  id,
  invoiceFor,
  item,
  type Json,
  now,
  PRICES,
  readForm,
  send,
  stripeError,
} from './fakeStripeObjects.ts';

/**
 * A fake Stripe API on loopback for tests: just the endpoints the provider calls, answering in
 * Stripe's documented JSON shapes. Card tokens follow Stripe's test tokens (tok_visa,
 * tok_chargeDeclined, tok_chargeCustomerFail). Test code reads and edits `state` directly.
 */

export interface FakeStripe {
  url: string;
  secretKey: string;
  state: {
    customers: Map<string, Json>;
    subscriptions: Map<string, Json>;
    invoices: Json[];
    coupons: Map<string, Json>;
  };
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
  };
  const calls: FakeStripe['calls'] = [];

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
    const [, , resource, rid] = path.split('/');

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
      if (card) {
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
      return send(res, customer);
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
      const plan = form['items[0][price]'] ?? '';
      if (!(plan in PRICES))
        return stripeError(res, 400, 'invalid_request_error', `No such price: '${plan}'`, 'resource_missing');
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
        items: { object: 'list', data: [item(plan)] },
        metadata: {},
      };
      state.subscriptions.set(sub.id as string, sub);
      invoice(sub, trialDays > 0 ? 0 : (PRICES[plan] ?? 0));
      return send(res, sub);
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
        const plan = form['items[0][price]'];
        if (plan) {
          (sub.items as { data: Json[] }).data = [item(plan)];
          if (form.proration_behavior === 'always_invoice') invoice(sub, Math.round((PRICES[plan] ?? 0) / 3));
        }
        sub.discounts = discounts(form) ?? sub.discounts;
      } else if (req.method === 'DELETE') {
        Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
      }
      return send(res, sub);
    }
    if (resource === 'invoices' && req.method === 'GET') {
      const data = state.invoices.filter((i) => i.customer === form.customer).reverse();
      return send(res, { object: 'list', data, has_more: false, url: '/v1/invoices' });
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
