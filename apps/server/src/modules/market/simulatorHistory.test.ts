import { maxUniverse } from '@tapeline/market';
import { describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';

// `npm start` with the simulator: the feed hands the engine seeded history before the first
// print, so every indicator column and the Meters' ATR are known from the opening bell.

const app = withApp({
  mail: 'outbox',
  env: { MARKET_FEED: 'simulator', SIM_SEED: '7' },
});

async function dataToken(plan: string): Promise<string> {
  const { token } = await seedSubscriber(app, plan);
  const res = await app.call<{ token: string }>('POST', '/api/auth/ds/login', { token });
  return res.body.token;
}

type Row = {
  s: string;
  tr: number | null;
  st: [number, number] | null;
  z: number | null;
  u: number | null;
  rv: [number, number | null];
};

describe('simulator with seeded history', () => {
  it('gives Pro Plus 1day Discovery rows with ATR, Supertrend and squeeze for nearly every symbol', async () => {
    const token = await dataToken('proplus');
    const res = await app.call<Row[]>('GET', '/data/discovery?tf=1day', { token });
    expect(res.status).toBe(200);
    const rows = res.body;
    // SIM_SYMBOLS (10,000) asks for more than the shipped listings: every one of them.
    expect(rows.length).toBe(maxUniverse());
    expect(rows.some((r) => r.s === 'AAPL')).toBe(true);
    const share = (pick: (r: Row) => unknown) => rows.filter((r) => pick(r) !== null).length / rows.length;
    expect(share((r) => r.tr)).toBeGreaterThanOrEqual(0.95);
    expect(share((r) => r.st)).toBeGreaterThanOrEqual(0.95);
    expect(share((r) => r.z)).toBeGreaterThanOrEqual(0.95);
    // A prior day to compare real volume with, and a volume profile for uVol.
    expect(share((r) => r.rv[1])).toBeGreaterThanOrEqual(0.95);
    expect(share((r) => r.u)).toBeGreaterThanOrEqual(0.95);
  });

  it('answers the Meters with an ATR for DIA, QQQ and SPY', async () => {
    const token = await dataToken('standard');
    type Meters = { success: boolean; data: { s: string; last: number; atr: number | null }[] };
    const res = await app.call<Meters>('GET', '/data/meters', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((m) => m.s)).toEqual(['DIA', 'QQQ', 'SPY']);
    for (const m of res.body.data) {
      expect(m.atr).not.toBeNull();
      expect((m.atr as number) / m.last).toBeGreaterThan(0.003);
      expect((m.atr as number) / m.last).toBeLessThan(0.05);
    }
  });
});
