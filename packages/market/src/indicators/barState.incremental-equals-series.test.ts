import { describe, expect, it } from 'vitest';
import {
  applyBar,
  atrOf,
  IND_STRIDE,
  liveBlock,
  squeezeOf,
  supertrendFlagOf,
  supertrendPivotOf,
} from './barState.ts';
import { walkBars } from './fixtures.ts';
import { atrSeries, squeezeSeries, supertrendSeries } from './series.ts';

const bars = walkBars(160);

describe('incremental per-symbol state equals the array functions', () => {
  it('gives the same ATR(14), squeeze count and Supertrend(10, 3) after every bar', () => {
    const atr = atrSeries(bars, 14);
    const z = squeezeSeries(bars);
    const st = supertrendSeries(bars, 10, 3);
    // Two blocks side by side, to show offsets are respected.
    const mem = new Float64Array(IND_STRIDE * 2).fill(Number.NaN);
    const o = IND_STRIDE;
    bars.forEach((b, i) => {
      applyBar(mem, o, b.high, b.low, b.close);
      expect(atrOf(mem, o)).toEqual(atr[i]);
      expect(squeezeOf(mem, o)).toEqual(z[i]);
      expect(supertrendFlagOf(mem, o)).toBe(st[i]?.flag ?? 0);
      expect(supertrendPivotOf(mem, o)).toEqual(st[i]?.pivot ?? Number.NaN);
    });
    expect(Number.isNaN(mem[0] as number)).toBe(true);
  });

  it('computes the live value of a forming bar without changing the committed block', () => {
    const mem = new Float64Array(IND_STRIDE).fill(Number.NaN);
    for (const b of bars.slice(0, 60)) applyBar(mem, 0, b.high, b.low, b.close);
    const before = mem.slice();
    const scratch = new Float64Array(IND_STRIDE);
    const next = bars[60];
    if (!next) throw new Error('fixture too short');
    const live = liveBlock(mem, 0, scratch, next.high, next.low, next.close);
    expect(mem).toEqual(before);
    expect(atrOf(live, 0)).toEqual(atrSeries(bars.slice(0, 61), 14)[60]);
  });
});
