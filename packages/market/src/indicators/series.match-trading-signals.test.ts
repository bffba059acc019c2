import {
  ATR,
  BollingerBands,
  EMA,
  KeltnerChannels,
  SMA,
  SuperTrend,
  TTMSqueeze,
  VWAP,
} from 'trading-signals';
import { describe, expect, it } from 'vitest';
import { walkBars } from './fixtures.ts';
import {
  atrSeries,
  bollingerSeries,
  emaSeries,
  keltnerSeries,
  smaSeries,
  squeezeSeries,
  supertrendSeries,
  tradeVwap,
  vwapSeries,
} from './series.ts';

const bars = walkBars(160);
const closes = bars.map((b) => b.close);
const TOL = 1e-9;

function near(a: number, b: number | null | undefined): void {
  expect(b).not.toBeNull();
  expect(Math.abs(a - (b as number))).toBeLessThanOrEqual(TOL * Math.max(1, Math.abs(a)));
}

describe('indicators against trading-signals on the same 160 bars', () => {
  it('SMA(20)', () => {
    const lib = new SMA(20);
    const ours = smaSeries(closes, 20);
    closes.forEach((c, i) => {
      const r = lib.add(c);
      if (i < 19) expect(Number.isNaN(ours[i])).toBe(true);
      else near(ours[i] as number, r);
    });
  });

  it('EMA(20), seeded with the first close', () => {
    const lib = new EMA(20);
    const ours = emaSeries(closes, 20);
    closes.forEach((c, i) => {
      lib.add(c);
      if (i >= 19) near(ours[i] as number, lib.getResultOrThrow());
    });
  });

  it('Bollinger(20, 2) with population standard deviation', () => {
    const lib = new BollingerBands(20, 2);
    const ours = bollingerSeries(closes, 20, 2);
    closes.forEach((c, i) => {
      const r = lib.add(c);
      if (i < 19) return;
      near(ours.upper[i] as number, r?.upper);
      near(ours.middle[i] as number, r?.middle);
      near(ours.lower[i] as number, r?.lower);
    });
  });

  it('ATR(14), Wilder', () => {
    const lib = new ATR(14);
    const ours = atrSeries(bars, 14);
    bars.forEach((b, i) => {
      const r = lib.add(b);
      if (i < 13) expect(r).toBeNull();
      else near(ours[i] as number, r);
    });
  });

  it('Keltner(20, 1.5): EMA(20) ± 1.5 × ATR(20)', () => {
    const lib = new KeltnerChannels({ atrInterval: 20, emaInterval: 20, multiplier: 1.5 });
    const ours = keltnerSeries(bars, 20, 1.5);
    bars.forEach((b, i) => {
      const r = lib.add(b);
      if (i < 19) return;
      near(ours.upper[i] as number, r?.upper);
      near(ours.middle[i] as number, r?.middle);
      near(ours.lower[i] as number, r?.lower);
    });
  });

  it('TTM squeeze state: in squeeze exactly when the library says so, counts follow', () => {
    // The library reports isSqueezed only after its momentum warm-up (39 bars) and has no
    // count; the common part is the squeeze state, and the count is checked as a recurrence.
    const lib = new TTMSqueeze({ bbInterval: 20, bbMultiplier: 2, kcInterval: 20, kcMultiplier: 1.5 });
    const z = squeezeSeries(bars);
    let compared = 0;
    let fired = 0;
    bars.forEach((b, i) => {
      const r = lib.add(b);
      if (r === null) return;
      compared++;
      expect((z[i] as number) > 0).toBe(r.isSqueezed);
      if (z[i] === 0) fired++;
    });
    expect(compared).toBeGreaterThan(100);
    expect(fired).toBeGreaterThan(0);
    for (let i = 20; i < z.length; i++) {
      const prev = z[i - 1] as number;
      const cur = z[i] as number;
      if (cur > 0) expect(cur).toBe(prev > 0 ? prev + 1 : 1);
      else if (cur === 0) expect(prev).toBeGreaterThan(0);
      else if (cur < 0) expect(cur).toBe(prev - 1);
    }
  });

  it('Supertrend(10, 3): same flag and line', () => {
    const lib = new SuperTrend({ interval: 10, multiplier: 3 });
    const ours = supertrendSeries(bars, 10, 3);
    let flips = 0;
    bars.forEach((b, i) => {
      const r = lib.add(b);
      const o = ours[i];
      if (r === null) {
        expect(o).toBeNull();
        return;
      }
      expect(o?.flag).toBe(r.trend === 'BULLISH' ? 1 : -1);
      near(o?.pivot as number, r.supertrend);
      if (i > 0 && ours[i - 1] && ours[i - 1]?.flag !== o?.flag) flips++;
    });
    expect(flips).toBeGreaterThan(1);
  });

  it('VWAP over bars by typical price', () => {
    const lib = new VWAP();
    const ours = vwapSeries(bars);
    bars.forEach((b, i) => {
      near(ours[i] as number, lib.add(b));
    });
  });

  it('session VWAP of prints equals the library VWAP of one-print bars (h = l = c = price)', () => {
    const prices = [10, 10.5, 10.25, 11, 10.75];
    const sizes = [100, 300, 200, 50, 400];
    const lib = new VWAP();
    let r: number | null = null;
    prices.forEach((p, i) => {
      r = lib.add({ high: p, low: p, close: p, volume: sizes[i] as number });
    });
    near(tradeVwap(prices, sizes), r);
  });
});
