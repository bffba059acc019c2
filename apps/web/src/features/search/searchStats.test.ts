import { SEARCH_STATS_INTERVAL_MS } from '@tapeline/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSearchStats } from './searchStats.ts';

/** A hand-driven clock and scheduler: time moves only when the test says so. */
function harness() {
  let time = 1_700_000_000_000;
  let timers: { at: number; run: () => void; live: boolean }[] = [];
  const counted: string[] = [];
  const lastCounted = new Map<string, number>();
  const known = new Set(['TSLA', 'AAPL', 'T', 'ABCDEF', 'ABCDEFG']);
  const stats = createSearchStats({
    now: () => time,
    schedule: (run, ms) => {
      const timer = { at: time + ms, run, live: true };
      timers.push(timer);
      return () => {
        timer.live = false;
      };
    },
    count: (symbol) => counted.push(symbol),
    isKnown: (symbol) => known.has(symbol),
    lastCounted,
  });
  const advance = (ms: number) => {
    time += ms;
    const due = timers.filter((t) => t.live && t.at <= time);
    timers = timers.filter((t) => !due.includes(t));
    for (const t of due) {
      t.live = false;
      t.run();
    }
  };
  return { stats, counted, advance, lastCounted };
}

let h: ReturnType<typeof harness>;
beforeEach(() => {
  h = harness();
});

describe('symbol search statistics', () => {
  it('counts a search once the typing has paused for 2 seconds', () => {
    h.stats.typed('TSLA');
    h.advance(1999);
    expect(h.counted).toEqual([]);
    h.advance(1);
    expect(h.counted).toEqual(['TSLA']);
  });

  it('restarts the pause on every keystroke and counts only what was finally typed', () => {
    h.stats.typed('T');
    h.advance(1500);
    h.stats.typed('TS');
    h.advance(1500);
    h.stats.typed('TSLA');
    h.advance(1999);
    expect(h.counted).toEqual([]);
    h.advance(1);
    expect(h.counted).toEqual(['TSLA']);
  });

  it('counts the same symbol at most once an hour', () => {
    h.stats.typed('TSLA');
    h.advance(2000); // counted at T
    h.stats.typed('');
    h.stats.typed('TSLA');
    h.advance(10_000);
    expect(h.counted).toEqual(['TSLA']);
    // Typed a second before the hour is up: by the end of the pause the hour has passed.
    h.advance(SEARCH_STATS_INTERVAL_MS - 10_000 - 1000);
    h.stats.typed('TSLA');
    h.advance(999);
    expect(h.counted).toEqual(['TSLA']);
    h.advance(1001);
    expect(h.counted).toEqual(['TSLA', 'TSLA']);
  });

  it('ignores searches longer than 6 characters, unknown symbols and cleared boxes', () => {
    h.stats.typed('ABCDEFG');
    h.advance(5000);
    h.stats.typed('ZZZZ');
    h.advance(5000);
    h.stats.typed('AAPL');
    h.stats.typed('');
    h.advance(5000);
    expect(h.counted).toEqual([]);
    h.stats.typed('ABCDEF');
    h.advance(2000);
    expect(h.counted).toEqual(['ABCDEF']);
  });

  it('does not count the typing again when the trader chooses the symbol', () => {
    h.stats.typed('AAPL');
    h.advance(1000);
    h.stats.chosen('AAPL');
    h.advance(5000);
    expect(h.counted).toEqual([]);
    expect(h.lastCounted.has('AAPL')).toBe(true);
    h.stats.typed('AAPL');
    h.advance(5000);
    expect(h.counted).toEqual([]);
  });

  it('stops a pending count when disposed', () => {
    h.stats.typed('TSLA');
    h.stats.dispose();
    h.advance(5000);
    expect(h.counted).toEqual([]);
  });
});
