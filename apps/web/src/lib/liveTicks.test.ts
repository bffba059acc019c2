import type { Quote, QuoteTickRow } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { applyTick, LiveTicks } from './liveTicks.ts';

const quote = (symbol: string, price: number): Quote => ({
  symbol,
  price,
  percent: 0,
  dollar_dist: 0,
  high: price,
  low: price,
  sl: [price],
  pin: null,
  pin_percent: null,
});
const row = (symbol: string, price: number): QuoteTickRow => [symbol, price, 1, 0.1, price, price];

describe('a list refresh racing the live ticks', () => {
  it('keeps the price of a tick that landed while the answer was on its way', () => {
    const ticks = new LiveTicks();
    ticks.record([row('ABC', 10.0)]);
    const mark = ticks.mark(); // the refresh leaves
    ticks.record([row('ABC', 10.05)]); // a print, pushed before the answer lands
    const answer = [quote('ABC', 10.0), quote('XYZ', 5)]; // what the server saw when asked
    const shown = applyTick(answer, ticks.since(mark));
    expect(shown.map((q) => [q.symbol, q.price])).toEqual([
      ['ABC', 10.05],
      ['XYZ', 5],
    ]);
  });

  it('lets the answer stand when no tick came after the request left', () => {
    const ticks = new LiveTicks();
    ticks.record([row('ABC', 10.0)]);
    const mark = ticks.mark();
    const answer = [quote('ABC', 10.02)];
    expect(applyTick(answer, ticks.since(mark))).toBe(answer);
  });
});
