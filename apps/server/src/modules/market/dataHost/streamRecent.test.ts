import { messages, STREAM_RANGES, type StreamBatchView, streamBatchSchema } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/testApp.ts';
import { until } from '../../../test/waitFor.ts';
import { withApp } from '../../../test/withApp.ts';

// GET /data/stream_bk?<channel>: what a mounting Stream widget shows at once, computed by the
// engine from the day (docs/continuity.md §1). The engine is hand-fed (MARKET_FEED=manual).

const OPEN = Date.UTC(2026, 10, 20, 14, 30);
const trade = (sym: string, price: number, minute: number) =>
  JSON.stringify({ type: 'trade', sym, price, size: 100, ts: OPEN + minute * 60_000 });
const app = withApp({ mail: 'outbox', env: { MARKET_FEED: `manual:${new Date(OPEN).toISOString()}` } });

function engineOf(t: TestApp) {
  const host = t.app.market.engine;
  if (!host) throw new Error('this app runs no engine');
  return host;
}

async function dataToken(plan: 'standard' | 'proplus'): Promise<string> {
  const { token } = await seedSubscriber(app, plan);
  return (await app.call<{ token: string }>('POST', '/api/auth/ds/login', { token })).body.token;
}

async function recent(token: string, query: Record<string, string> = {}): Promise<StreamBatchView> {
  const res = await app.call<{ data: unknown }>('GET', `/data/stream_bk?${new URLSearchParams(query)}`, {
    token,
  });
  expect(res.status).toBe(200);
  const [batch] = streamBatchSchema.array().length(1).parse(res.body.data);
  return batch as StreamBatchView;
}
const highs = (b: StreamBatchView) => b.highs.map((h) => h.symbol);

describe('the recent stream of a channel', () => {
  it('lists the day’s highs that pass the filter, oldest first, numbered after the last batch', async () => {
    // CHEAP trades at $2, DEAR at $40; both make two highs.
    engineOf(app).push([
      trade('CHEAP', 2, 0),
      trade('DEAR', 40, 0),
      trade('CHEAP', 2.1, 1),
      trade('DEAR', 41, 2),
      trade('CHEAP', 2.2, 3),
    ]);
    const token = await dataToken('standard');
    const all = await until('the trades in the recent view', async () => {
      const b = await recent(token);
      return b.highs.some((h) => h.symbol === 'CHEAP' && h.count === 2) ? b : undefined;
    });
    expect(highs(all)).toEqual(['DEAR', 'CHEAP']);
    // Once the engine has published these highs, the view names that batch (a client applies
    // only later ones on top).
    const numbered = await until('a published batch', async () => {
      const b = await recent(token);
      return b.seq >= 1 ? b : undefined;
    });
    expect(highs(numbered)).toEqual(['DEAR', 'CHEAP']);
    expect(all.highs.map((h) => h.eventTs)).toEqual([OPEN + 2 * 60_000, OPEN + 3 * 60_000]);

    const priced = await recent(token, { price: `5,${STREAM_RANGES.price.max}` });
    expect(highs(priced)).toEqual(['DEAR']);
    expect(highs(await recent(token, { type: 'custom', symbols: 'cheap' }))).toEqual(['CHEAP']);
  });

  it('counts the ATR range for Pro Plus only, as the client’s filter does', async () => {
    engineOf(app).push([trade('NOATR', 10, 4), trade('NOATR', 11, 5)]);
    const standard = await dataToken('standard');
    const plus = await dataToken('proplus');
    await until('NOATR in the recent view', async () =>
      highs(await recent(standard)).includes('NOATR') ? true : undefined,
    );
    // No daily bars: NOATR's ATR is unknown, which a touched range turns away.
    const query = { atr: '1,5' };
    expect(highs(await recent(standard, query))).toContain('NOATR');
    expect(highs(await recent(plus, query))).not.toContain('NOATR');
  });

  it('refuses a malformed channel with 400 and the spec message, and strangers with 401', async () => {
    const token = await dataToken('standard');
    for (const query of [
      'price=abc',
      'price=5',
      'type=nope',
      'off=x',
      'optionable=2',
      'price=1,2&price=3,4',
    ]) {
      const res = await app.call('GET', `/data/stream_bk?${query}`, { token });
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual({ error: 'bad_request', message: messages.malformedRequest });
    }
    expect((await app.call('GET', '/data/stream_bk')).status).toBe(401);
  });
});
