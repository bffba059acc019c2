import { describe, expect, it } from 'vitest';
import { batchAge, marketTime, shownAge } from './marketClockStore.ts';

const entry = (eventTs: number | null) => ({ eventTs }) as never;

describe('the market clock and the tape age', () => {
  it("runs from the server's anchor at its rate, counting only the browser's elapsed time", () => {
    const anchor = { at: 1_000_000, rate: 60, localAt: 5_000 };
    expect(marketTime(anchor, 5_000)).toBe(1_000_000);
    expect(marketTime(anchor, 6_000)).toBe(1_060_000);
    // A browser clock set back never runs the market backwards.
    expect(marketTime(anchor, 4_000)).toBe(1_000_000);
    expect(marketTime({ ...anchor, rate: 0 }, 99_000)).toBe(1_000_000);
    expect(marketTime(null, 42)).toBe(42);
  });

  it("is the newest high's or low's lag behind the batch's drain time; null when none says its time", () => {
    expect(
      batchAge({ ts: 10_000, highs: [entry(7_000), entry(9_500)], lows: [entry(8_000)], halts: [] }),
    ).toBe(500);
    expect(batchAge({ ts: 10_000, highs: [entry(null)], lows: [], halts: [entry(1)] })).toBeNull();
  });

  it("reads each entry's own publish time (protocol 6) before the batch's", () => {
    const published = (eventTs: number, publishedTs: number) => ({ eventTs, publishedTs }) as never;
    expect(
      batchAge({
        ts: 10_000,
        highs: [published(7_000, 12_000), published(9_000, 12_000)],
        lows: [],
        halts: [],
      }),
    ).toBe(3_000);
  });

  it('shows past 2 s only, and only while the batch that said it is recent', () => {
    expect(shownAge({ tapeAge: 2_000, tapeSeenAt: 0 }, 1_000)).toBeNull();
    expect(shownAge({ tapeAge: 2_001, tapeSeenAt: 0 }, 1_000)).toBe(2_001);
    expect(shownAge({ tapeAge: 900_000, tapeSeenAt: 0 }, 10_001)).toBeNull();
    expect(shownAge({ tapeAge: null, tapeSeenAt: 0 }, 0)).toBeNull();
  });
});
