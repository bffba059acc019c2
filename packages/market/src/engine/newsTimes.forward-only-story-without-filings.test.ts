import { decodeStreamEntry } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from './MarketEngine.ts';
import { testClock } from './testClock.ts';

// Monday 24 Nov 2025 (EST): New York hh:mm is UTC hh+5.
const ny = (h: number, m = 0) => Date.UTC(2025, 10, 24, h + 5, m);

function engine() {
  const e = new MarketEngine({ clock: testClock(ny(10)), capacity: 16 });
  e.ingest({ sym: 'ABC', price: 10, size: 1, ts: ny(10) });
  return { e, id: e.idOf('ABC') };
}

describe('news times: newsTs (any article) and storyTs (no filings), each forward-only', () => {
  it('a filing moves newsTs only; a story moves both', () => {
    const { e, id } = engine();
    e.setNewsTime('ABC', ny(7), true);
    expect([e.table.newsTs[id], e.table.storyTs[id]]).toEqual([ny(7), Number.NaN]);
    e.setNewsTime('ABC', ny(8));
    expect([e.table.newsTs[id], e.table.storyTs[id]]).toEqual([ny(8), ny(8)]);
    e.setNewsTime('ABC', ny(9), true);
    expect([e.table.newsTs[id], e.table.storyTs[id]]).toEqual([ny(9), ny(8)]);
  });

  it('an older or equal time, of either kind, changes neither', () => {
    const { e, id } = engine();
    e.setNewsTime('ABC', ny(8));
    e.setNewsTime('ABC', ny(9), true);
    e.setNewsTime('ABC', ny(7));
    e.setNewsTime('ABC', ny(8, 30), true);
    e.setNewsTime('ABC', Number.NaN);
    expect([e.table.newsTs[id], e.table.storyTs[id]]).toEqual([ny(9), ny(8)]);
  });

  it('the stream entry carries newsTime in element 8 and storyTime in element 11', () => {
    const { e } = engine();
    e.setNewsTime('ABC', ny(8));
    e.setNewsTime('ABC', ny(9), true);
    e.ingest({ sym: 'ABC', price: 11, size: 1, ts: ny(10, 1) });
    const [wire] = e.drainBatch().highs;
    expect(wire?.[8]).toBe(ny(9));
    expect(wire?.[11]).toBe(ny(8));
    expect(decodeStreamEntry(wire as never)).toMatchObject({ newsTime: ny(9), storyTime: ny(8) });
  });
});
