import { messages } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { policies } from '../../platform/rateLimit.ts';
import { seedSubscriber } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';

// Friday 2026-11-20, 09:30 New York: a regular session the hand-fed engine starts in.
const OPEN = Date.UTC(2026, 10, 20, 14, 30);
const trade = (sym: string, price: number, minute: number) =>
  JSON.stringify({ type: 'trade', sym, price, size: 100, ts: OPEN + minute * 60_000 });

const app = withApp({
  mail: 'outbox',
  // Limits at their real size: the validate route's own is proven here.
  env: { MARKET_FEED: `manual:${new Date(OPEN).toISOString()}`, RATE_LIMIT_SCALE: '1' },
});

const validate = (token: string, symbols: string[]) =>
  app.call<{ success: boolean; symbols: string[] }>('POST', '/api/settings/symbols/validate', {
    token,
    body: { symbols },
  });

describe('POST /api/settings/symbols/validate with an engine', () => {
  it('keeps only the symbols the market lists, once the engine knows any', async () => {
    const engine = app.app.market.engine;
    if (!engine) throw new Error('this app runs no engine');
    const { token } = await seedSubscriber(app);
    const asked = ['aapl', 'NOPE', 'MSFT', 'msft', 'ZVZZT', 'bad symbol'];

    // A fresh engine lists nothing yet: only the pattern can be checked.
    expect((await validate(token, asked)).body.symbols).toEqual(['AAPL', 'NOPE', 'MSFT']);

    engine.push([trade('AAPL', 190, 0), trade('MSFT', 410, 1), trade('ZVZZT', 10, 1), trade('GOOG', 170, 2)]);
    const res = await validate(token, asked);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, symbols: ['AAPL', 'MSFT'] });
  });
});

describe('POST /api/settings/symbols/validate limits', () => {
  it('answers 429 past the per-user allowance, and only for that user', async () => {
    const { token } = await seedSubscriber(app);
    for (let i = 0; i < policies.symbolsValidateUser.points; i += 1) {
      expect((await validate(token, ['AAPL'])).status).toBe(200);
    }
    const over = await validate(token, ['AAPL']);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: 'rate_limited', message: messages.rateLimited });
    const other = await seedSubscriber(app);
    expect((await validate(other.token, ['AAPL'])).status).toBe(200);
  });
});
