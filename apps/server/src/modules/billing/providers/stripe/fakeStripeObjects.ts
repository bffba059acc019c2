import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Stripe-shaped objects and wire helpers for the fake Stripe API (tests only). */
export type Json = Record<string, unknown>;

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

export function item(plan: string): Json {
  return {
    id: id('si'),
    object: 'subscription_item',
    price: { id: plan, object: 'price', lookup_key: null, unit_amount: PRICES[plan] ?? 1000 },
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
