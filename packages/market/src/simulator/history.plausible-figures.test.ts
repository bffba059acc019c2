import { describe, expect, it } from 'vitest';
import { BAR_FIELDS, BF_VOLUME } from '../bars/barStore.ts';
import { discoveryRows } from '../discovery/recompute.ts';
import { MarketEngine } from '../engine/MarketEngine.ts';
import { seedHistory } from '../engine/seed.ts';
import { SECTOR } from '../sectors.ts';
import { SLOTS_PER_SESSION, TIMEFRAMES } from '../timeframes.ts';
import { openingBell } from './clock.ts';
import { simulatedHistory } from './history.ts';
import { generateUniverse } from './universe.ts';

// What a trader sees at the opening bell of a freshly started simulator: every indicator
// column known, in the ranges real tapes show.

const OPEN = openingBell(Date.UTC(2026, 10, 23, 12)); // Monday 23 November 2026
const refs = generateUniverse(2, 2000);
const history = simulatedHistory(refs, { seed: 2, startTs: OPEN });
const engine = new MarketEngine({ clock: () => OPEN + 60_000, capacity: 2048 });
for (const r of refs) engine.setReference(r);
seedHistory(engine, history);

const share = <T>(rows: readonly T[], known: (r: T) => boolean) => rows.filter(known).length / rows.length;

describe('seeded history at the opening bell', () => {
  it('knows ATR, Supertrend and the squeeze for nearly every symbol in every timeframe', () => {
    for (const tf of TIMEFRAMES) {
      const rows = discoveryRows(engine, tf);
      expect(rows).toHaveLength(2000);
      expect(share(rows, (r) => r.tr !== null)).toBe(1);
      expect(share(rows, (r) => r.st !== null)).toBe(1);
      expect(share(rows, (r) => r.z !== null)).toBeGreaterThanOrEqual(tf === '1day' ? 0.97 : 0.9);
      // The prior bar is there, so real volume and money flow have a change to show.
      expect(share(rows, (r) => r.rv[1] !== null && r.mf[1] !== null)).toBe(1);
      expect(share(rows, (r) => r.u !== null)).toBe(1);
    }
  });

  it('puts the daily ATR of stocks between 1 % and 10 % of price, the index ETFs’ near 1.5 %', () => {
    const rows = discoveryRows(engine, '1day');
    const stocks = rows.filter((r) => r.e !== SECTOR.ETF).map((r) => r.tr as number);
    expect(share(stocks, (tr) => tr >= 1 && tr <= 10)).toBeGreaterThanOrEqual(0.95);
    for (const sym of ['SPY', 'QQQ', 'DIA']) {
      const tr = rows.find((r) => r.s === sym)?.tr as number;
      expect(tr).toBeGreaterThan(0.8);
      expect(tr).toBeLessThan(2.5);
    }
  });

  it('trades each symbol’s average volume on an average day, most of it in the regular session', () => {
    const dayVolume = new Map<string, number>();
    let spySlots: number[] = [];
    history.replay({
      bars(sym, tf, data, count) {
        if (tf !== '1day') return;
        let sum = 0;
        for (let k = 0; k < count; k++) sum += data[k * BAR_FIELDS + BF_VOLUME] as number;
        dayVolume.set(sym, sum / count);
      },
      forming() {},
      profile(sym, slots) {
        if (sym === 'SPY') spySlots = [...slots];
      },
    });
    const ratios = refs.map((r) => (dayVolume.get(r.sym) as number) / r.avgVolume).sort((a, b) => a - b);
    const median = ratios[ratios.length >> 1] as number;
    expect(median).toBeGreaterThan(0.85);
    expect(median).toBeLessThan(1.15);
    // SPY averages 72M shares; 04:00–09:30 and 16:00–20:00 add a few percent to the regular session.
    expect(spySlots).toHaveLength(SLOTS_PER_SESSION);
    expect(spySlots.reduce((a, b) => a + b, 0) / 72_000_000).toBeCloseTo(1.052, 2);
    expect(spySlots[22]).toBeGreaterThan(3 * (spySlots[30] as number)); // the 09:30 burst
    expect(spySlots[0]).toBeLessThan((spySlots[30] as number) / 10); // pre-market is thin
  });
});
