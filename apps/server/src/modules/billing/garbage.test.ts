import { describe, expect, it } from 'vitest';
import { seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { saveCard } from './testing/billingTestKit.ts';

const app = withApp({ mail: 'outbox' });

const ROUTES: [string, string][] = [
  ['POST', '/api/billing/local/tokens'],
  ['POST', '/api/stripe/customer'],
  ['POST', '/api/stripe/subscription'],
  ['DELETE', '/api/stripe/subscription/%E0%A4%A'],
  ['DELETE', '/api/stripe/subscription/%00'],
  ['GET', '/api/stripe/coupon/%00'],
  ['GET', '/api/stripe/coupon/%E0%A4%A'],
  ['POST', '/api/stripe/webhook'],
];

const BODIES: unknown[] = [
  '{',
  '[]',
  'null',
  '"text"',
  { number: ['4242'], exp_month: 1e308, exp_year: -1, cvc: {}, name: null },
  { token: { $gt: '' } },
  { plan: ['pro'], coupon: { a: 1 } },
  { plan: 'pro\u0000', coupon: 'A\u0000' },
  { number: '4242424242424242\u0000', exp_month: 12, exp_year: 2040, cvc: '123', name: 'x\u0000' },
];

describe('garbage never causes a 5xx', () => {
  it.each(ROUTES)('%s %s', async (method, url) => {
    const seeded = await seedUser(app);
    await saveCard(app, seeded);
    for (const body of [...BODIES, undefined]) {
      const res = await app.call(method, url, {
        token: seeded.token,
        body: method === 'GET' ? undefined : body,
      });
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
    }
    const typed = await app.call(method, url, {
      token: seeded.token,
      body: method === 'GET' ? undefined : 'a=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(typed.status).toBeLessThan(500);
  });
});
