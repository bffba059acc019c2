import { beforeAll, describe, expect, it } from 'vitest';
import { symbolPopularity } from '../../platform/db/schema.ts';
import { seedSubscriber, seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { POPULARITY_HALF_LIFE_SEC } from './repository.ts';

// Friday 2026-11-20, 09:30 New York: the hand-fed engine starts in a regular session, and
// the symbols it has traded are its reference data.
const OPEN = Date.UTC(2026, 10, 20, 14, 30);
const trade = (sym: string, minute: number) =>
  JSON.stringify({ type: 'trade', sym, price: 10 + minute, size: 100, ts: OPEN + minute * 60_000 });

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MANY = Array.from({ length: 105 }, (_, i) => `Q${letters[Math.floor(i / 26)]}${letters[i % 26]}`);
const LISTED = ['NVDA', 'AMD', 'TSLA', 'OLDY', 'NEWY', 'AAPL', 'ZVZZT', ...MANY];

const app = withApp({
  mail: 'outbox',
  env: { MARKET_FEED: `manual:${new Date(OPEN).toISOString()}` },
});
beforeAll(async () => {
  const engine = app.app.market.engine;
  if (!engine) throw new Error('this app runs no engine');
  engine.push(LISTED.map((sym, i) => trade(sym, i % 300)));
});

type Top = { success: true; data: { symbol: string; score: number }[] };
const top = async (token = '') => (await app.call<Top>('GET', '/api/stock_stats/top', { token })).body.data;
const vote = (token = '', symbol: string, on = app) =>
  on.call('POST', `/api/stock_stats/inc/${symbol}`, { token });
const stored = async (on = app) =>
  (await on.ctx.database.db.select({ symbol: symbolPopularity.symbol }).from(symbolPopularity)).map(
    (r) => r.symbol,
  );

describe('popularity', () => {
  it('ranks symbols by votes from different traders, one vote per trader and symbol a minute', async () => {
    const traders = await Promise.all([1, 2, 3].map(() => seedSubscriber(app)));
    const tok = (i: number) => traders[i]?.token ?? '';
    for (const t of traders)
      expect((await vote(t.token, 'nvda')).body).toEqual({ success: true, counted: true });
    await vote(tok(0), 'AMD');
    await vote(tok(1), 'AMD');
    await vote(tok(2), 'TSLA');
    // A repeat within the minute is accepted but does not count.
    expect((await vote(tok(2), 'TSLA')).body).toEqual({ success: true, counted: false });

    const ranking = await top(tok(0));
    expect(ranking.map((r) => r.symbol).slice(0, 3)).toEqual(['NVDA', 'AMD', 'TSLA']);
    expect(ranking.find((r) => r.symbol === 'NVDA')?.score).toBeCloseTo(3, 2);
    expect(ranking.find((r) => r.symbol === 'TSLA')?.score).toBeCloseTo(1, 2);
  });

  it('halves a score over one half-life, so fresh interest outranks old', async () => {
    const a = await seedSubscriber(app);
    const b = await seedSubscriber(app);
    await vote(a.token, 'OLDY');
    await vote(b.token, 'OLDY');
    app.clock.advance(POPULARITY_HALF_LIFE_SEC * 1000);
    const ranking = await top(a.token);
    expect(ranking.find((r) => r.symbol === 'OLDY')?.score).toBeCloseTo(1, 3);
    const c = await seedSubscriber(app);
    await vote(c.token, 'NEWY');
    await vote(a.token, 'NEWY');
    const after = await top(a.token);
    expect(after.findIndex((r) => r.symbol === 'NEWY')).toBeLessThan(
      after.findIndex((r) => r.symbol === 'OLDY'),
    );
  });

  it('refuses invalid and test symbols, even one the feed traded, and changes nothing', async () => {
    const t = await seedSubscriber(app);
    for (const bad of ['ZVZZT', 'TEST', '1ABC', 'TOOLONGSYMBOL', '%3Cscript%3E']) {
      const res = await vote(t.token, bad);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_symbol' });
    }
    expect((await stored()).some((s) => ['ZVZZT', 'TEST'].includes(s))).toBe(false);
  });

  it('refuses a well-formed symbol the reference data does not list, and never stores it', async () => {
    const t = await seedSubscriber(app);
    for (const unlisted of ['NOPE', 'msftx', 'PUMP']) {
      const res = await vote(t.token, unlisted);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_symbol' });
    }
    const kept = await stored();
    expect(kept).not.toContain('NOPE');
    expect(kept).not.toContain('PUMP');
    expect(kept.every((s) => LISTED.includes(s))).toBe(true);
  });

  it('is for subscribers only', async () => {
    const visitor = await app.call('GET', '/api/stock_stats/top');
    expect(visitor.status).toBe(401);
    const { token } = await seedUser(app);
    expect((await app.call('GET', '/api/stock_stats/top', { token })).status).toBe(403);
    expect((await vote(token, 'AAPL')).status).toBe(403);
  });

  it('caps the list at 100 symbols', async () => {
    const voters = await Promise.all([1, 2].map(() => seedSubscriber(app).then((t) => t.token)));
    for (const [index, symbol] of MANY.entries()) await vote(voters[index % 2] ?? '', symbol);
    expect((await top(voters[0] ?? '')).length).toBe(100);
  });
});

describe('popularity without reference data, and its per-trader limit', () => {
  // No engine on this node (MARKET_FEED=off) and allowances scaled to 5 %: 6 calls a minute.
  const bare = withApp({ mail: 'outbox', env: { MARKET_FEED: 'off', RATE_LIMIT_SCALE: '0.05' } });

  it('accepts a vote it cannot check but counts and stores nothing', async () => {
    const t = await seedSubscriber(bare);
    expect((await vote(t.token, 'AAPL', bare)).body).toEqual({ success: true, counted: false });
    expect(await stored(bare)).toEqual([]);
  });

  it('answers 429 once a trader has spent the allowance, bad symbols included, and only for that trader', async () => {
    const greedy = await seedSubscriber(bare);
    const other = await seedSubscriber(bare);
    const statuses: number[] = [];
    for (const symbol of ['AAPL', 'MSFT', 'TEST', 'NVDA', 'AMD', 'TSLA']) {
      statuses.push((await vote(greedy.token, symbol, bare)).status);
    }
    expect(statuses).toEqual([200, 200, 400, 200, 200, 200]);
    const limited = await vote(greedy.token, 'AAPL', bare);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await vote(other.token, 'AAPL', bare)).status).toBe(200);
  });
});
