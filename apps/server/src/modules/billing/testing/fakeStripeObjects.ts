import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Stripe-shaped objects and wire helpers for the fake Stripe API (tests only). */
export type Json = Record<string, unknown>;

/** Unit amounts by lookup key: the fake's prices carry our plan ids as lookup keys, not as ids. */
export const PRICES: Record<string, number> = { standard: 2900, pro: 5900, proplus: 9900, pro_annual: 59000 };
export const CARDS: Record<string, { last4: string; brand: string; fails?: 'attach' | 'charge' }> = {
  tok_visa: { last4: '4242', brand: 'Visa' },
  tok_mastercard: { last4: '4444', brand: 'MasterCard' },
  tok_chargeDeclined: { last4: '0002', brand: 'Visa', fails: 'attach' },
  tok_chargeCustomerFail: { last4: '0341', brand: 'Visa', fails: 'charge' },
};

export const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
export const now = () => Math.floor(Date.now() / 1000);

export function stripeError(
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  code?: string,
) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } }));
}

export function send(res: ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const query = new URL(req.url ?? '/', 'http://x').searchParams;
  return Object.fromEntries([...new URLSearchParams(Buffer.concat(chunks).toString()), ...query]);
}

/**
 * An array parameter as Stripe reads it from a query or form: `name[]=a&name[]=b` or
 * `name[0]=a&name[1]=b` (the SDK sends the indexed form).
 */
export function arrayParam(req: IncomingMessage, name: string): string[] {
  const query = new URL(req.url ?? '/', 'http://x').searchParams;
  const values: string[] = [];
  for (const [key, value] of query) {
    if (key === `${name}[]` || new RegExp(`^${name}\\[\\d+\\]$`).test(key)) values.push(value);
  }
  return values;
}

/** A Price as Stripe returns it: its own `price_…` id, our plan id as `lookup_key`. */
export function priceFor(lookupKey: string, unitAmount: number): Json {
  return {
    id: id('price'),
    object: 'price',
    active: true,
    lookup_key: lookupKey,
    unit_amount: unitAmount,
    currency: 'usd',
    recurring: { interval: lookupKey.endsWith('_annual') ? 'year' : 'month', interval_count: 1 },
  };
}

export function item(price: Json): Json {
  return {
    id: id('si'),
    object: 'subscription_item',
    price,
    current_period_start: now(),
    current_period_end: now() + 30 * 86_400,
  };
}

/** An invoice for `sub`'s current price, as GET /v1/invoices lists it (2025+ line pricing shape). */
export function invoiceFor(sub: Json, total: number, created: number): Json {
  const price = ((sub.items as { data: Json[] }).data[0] as { price: Json }).price;
  return {
    id: id('in'),
    object: 'invoice',
    customer: sub.customer,
    subscription: sub.id,
    created,
    total,
    status: 'paid',
    lines: {
      object: 'list',
      data: [
        {
          id: id('il'),
          object: 'line_item',
          amount: total,
          pricing: { type: 'price_details', price_details: { price: price.id, product: 'prod_x' } },
        },
      ],
    },
  };
}
