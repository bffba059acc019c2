import type { SeededUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/testApp.ts';

/** Test-only helpers for the billing suites (not imported by the server). */
export interface SubscriptionBody {
  id: string;
  plan: string;
  amount: number;
  status: string;
  ended_at: number | null;
  canceled_at: number | null;
  cancel_at?: number | null;
  error?: string;
  message?: string;
}

export interface InvoiceBody {
  id: string;
  created: number;
  total: number;
  status: string;
  lines: { data: { plan: { id: string } }[] };
}

export const DAY_MS = 86_400_000;
export const CARDS = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  insufficient: '4000000000009995',
  chargeFails: '4000000000000341',
} as const;

export function card(number: string, overrides: Record<string, unknown> = {}) {
  return {
    number,
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 3,
    cvc: '123',
    name: 'Ada Trader',
    ...overrides,
  };
}

export function tokenFor(app: TestApp, token: string, body: unknown) {
  return app.call<{ id: string; error?: string; message?: string }>('POST', '/api/billing/local/tokens', {
    token,
    body,
  });
}

/** Tokenizes and saves a card; fails loudly when either step does not succeed. */
export async function saveCard(app: TestApp, seeded: SeededUser, number: string = CARDS.ok) {
  const tok = await tokenFor(app, seeded.token, card(number));
  if (tok.status !== 200) throw new Error(`token: ${tok.status} ${JSON.stringify(tok.body)}`);
  return app.call<Record<string, unknown>>('POST', '/api/stripe/customer', {
    token: seeded.token,
    body: { token: tok.body.id },
  });
}

export function subscribeTo(app: TestApp, seeded: SeededUser, plan: string, coupon?: string) {
  return app.call<SubscriptionBody>('POST', '/api/stripe/subscription', {
    token: seeded.token,
    body: coupon === undefined ? { plan } : { plan, coupon },
  });
}

export async function history(app: TestApp, seeded: SeededUser): Promise<InvoiceBody[]> {
  const res = await app.call<{ data: InvoiceBody[] }>('GET', '/api/stripe/history', { token: seeded.token });
  if (res.status !== 200) throw new Error(`history: ${res.status}`);
  return res.body.data;
}

export async function currentSubscription(app: TestApp, seeded: SeededUser) {
  const res = await app.call<{ user: { subscription: SubscriptionBody | null } }>('GET', '/api/auth/user', {
    token: seeded.token,
  });
  return res.body.user.subscription;
}
