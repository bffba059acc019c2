import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber, seedUser } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/testApp.ts';
import { POPULARITY_HALF_LIFE_SEC } from './repository.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ mail: 'outbox' });
});
afterAll(async () => {
  await app?.close();
});

type Top = { success: true; data: { symbol: string; score: number }[] };
const top = async (token = '') => (await app.call<Top>('GET', '/api/stock_stats/top', { token })).body.data;
const vote = (token = '', symbol: string) => app.call('POST', `/api/stock_stats/inc/${symbol}`, { token });

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
    expect(ranking.find((r) => r.symbol === 'NVDA')?.score).toBe(3);
    expect(ranking.find((r) => r.symbol === 'TSLA')?.score).toBe(1);
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

  it('refuses invalid and test symbols and changes nothing', async () => {
    const t = await seedSubscriber(app);
    for (const bad of ['ZVZZT', 'TEST', '1ABC', 'TOOLONGSYMBOL', '%3Cscript%3E']) {
      const res = await vote(t.token, bad);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_symbol' });
    }
    expect((await top(t.token)).some((r) => ['ZVZZT', 'TEST'].includes(r.symbol))).toBe(false);
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
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const symbols = Array.from(
      { length: 105 },
      (_, i) => `Q${letters[Math.floor(i / 26)]}${letters[i % 26]}`,
    );
    for (const [index, symbol] of symbols.entries()) await vote(voters[index % 2] ?? '', symbol);
    expect((await top(voters[0] ?? '')).length).toBe(100);
  });
});
