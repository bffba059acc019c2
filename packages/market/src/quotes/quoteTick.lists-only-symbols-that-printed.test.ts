import { describe, expect, it } from 'vitest';
import { MarketEngine } from '../engine/MarketEngine.ts';
import { testClock } from '../engine/testClock.ts';
import { QuoteTicker } from './quoteTick.ts';

// Monday 24 Nov 2025 (EST): New York hh:mm is UTC hh+5.
const ny = (h: number, m = 0, s = 0, day = 24) => Date.UTC(2025, 10, day, h + 5, m, s);

function engine() {
  const clock = testClock(ny(9, 30));
  const e = new MarketEngine({ clock, capacity: 16 });
  for (const [sym, prevClose] of [
    ['AAA', 10],
    ['BBB', 20],
    ['CCC', 3],
  ] as const) {
    e.setReference({
      sym,
      name: sym,
      sector: 9,
      float: 1e6,
      shortRatio: 1,
      optionable: false,
      prevClose,
      avgVolume: 1e5,
      exchange: 'NASDAQ',
    });
  }
  return { e, clock };
}

describe('quoteTick: the symbols that printed since the last tick', () => {
  it('lists only symbols that printed, with percent (2 decimals) and dollar distance (4) from the prior close', () => {
    const { e } = engine();
    const ticker = new QuoteTicker();
    expect(ticker.tick(e)).toEqual([]);
    e.ingest({ sym: 'AAA', price: 10.5, size: 100, ts: ny(9, 30) });
    e.ingest({ sym: 'CCC', price: 3.123456, size: 100, ts: ny(9, 30, 1) });
    e.ingest({ sym: 'CCC', price: 2.9, size: 100, ts: ny(9, 30, 2) });
    expect(ticker.tick(e)).toEqual([
      ['AAA', 10.5, 5, 0.5, 10.5, 10.5],
      ['CCC', 2.9, -3.33, -0.1, 3.123456, 2.9],
    ]);
    // Nothing printed since: an empty tick.
    expect(ticker.tick(e)).toEqual([]);
    e.ingest({ sym: 'BBB', price: 19, size: 1, ts: ny(9, 31) });
    expect(ticker.tick(e)).toEqual([['BBB', 19, -5, -1, 19, 19]]);
  });

  it('a late print counts (it may move the low) and keeps the newer last price', () => {
    const { e } = engine();
    const ticker = new QuoteTicker();
    e.ingest({ sym: 'AAA', price: 10.5, size: 100, ts: ny(9, 35) });
    ticker.tick(e);
    e.ingest({ sym: 'AAA', price: 9, size: 100, ts: ny(9, 31) });
    expect(ticker.tick(e)).toEqual([['AAA', 10.5, 5, 0.5, 10.5, 9]]);
  });

  it('after the 04:00 reset a symbol is listed again when it prints, not before', () => {
    const { e, clock } = engine();
    const ticker = new QuoteTicker();
    e.ingest({ sym: 'AAA', price: 10.5, size: 100, ts: ny(15) });
    ticker.tick(e);
    clock.set(ny(4, 0, 0, 25));
    e.drainBatch();
    expect(ticker.tick(e)).toEqual([]);
    e.ingest({ sym: 'AAA', price: 11.55, size: 100, ts: ny(4, 1, 0, 25) });
    expect(ticker.tick(e)).toEqual([['AAA', 11.55, 10, 1.05, 11.55, 11.55]]);
  });

  it('a symbol that arrives after the first tick is scanned too (the ticker grows with the table)', () => {
    const { e } = engine();
    const ticker = new QuoteTicker();
    ticker.tick(e);
    for (let i = 0; i < 40; i++) e.ingest({ sym: `N${i}`, price: 5, size: 1, ts: ny(10) });
    const rows = ticker.tick(e);
    expect(rows).toHaveLength(40);
    expect(rows[39]).toEqual(['N39', 5, null, null, 5, 5]);
  });
});
