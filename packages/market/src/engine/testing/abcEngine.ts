import { MarketEngine } from '../MarketEngine.ts';
import { type TestClock, testClock } from '../testClock.ts';

// Monday 24 Nov 2025 (EST): New York hh:mm is UTC hh+5. `day` picks another date of that month.
export const ny = (h: number, m = 0, s = 0, day = 24) => Date.UTC(2025, 10, day, h + 5, m, s);

/** An engine at `ts` that knows one Nasdaq name, ABC (float 12 M, avg volume 1.5 M), closed at `prevClose`. */
export function abcEngine(ts: number, prevClose: number): { e: MarketEngine; clock: TestClock } {
  const clock = testClock(ts);
  const e = new MarketEngine({ clock, capacity: 16 });
  e.setReference({
    sym: 'ABC',
    name: 'Abc Corp',
    sector: 9,
    float: 12_000_000,
    shortRatio: 2.5,
    optionable: true,
    prevClose,
    avgVolume: 1_500_000,
    exchange: 'NASDAQ',
  });
  return { e, clock };
}
