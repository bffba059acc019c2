import { describe, expect, it } from 'vitest';
import { fontSizeForRank, risingSymbols } from './popularRules.ts';

describe('fontSizeForRank', () => {
  it('runs from 32 px at rank 1 to 12 px at rank 100', () => {
    expect(fontSizeForRank(1)).toBe(32);
    expect(fontSizeForRank(100)).toBe(12);
    expect(fontSizeForRank(50)).toBe(22);
  });

  it('never grows with rank and stays within 12–32 px', () => {
    const sizes = Array.from({ length: 100 }, (_, i) => fontSizeForRank(i + 1));
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThanOrEqual(sizes[i - 1] as number);
    expect(new Set(sizes).size).toBe(21);
    expect(fontSizeForRank(0)).toBe(32);
    expect(fontSizeForRank(250)).toBe(12);
  });
});

describe('risingSymbols', () => {
  it('blinks nothing on the first fetch', () => {
    expect(risingSymbols(null, ['AAPL', 'TSLA'])).toEqual([]);
  });

  it('blinks newcomers and symbols that climbed, not those that held or fell', () => {
    const before = ['AAPL', 'TSLA', 'NVDA', 'AMD'];
    const after = ['TSLA', 'AAPL', 'GME', 'NVDA'];
    // TSLA climbed 2→1, GME is new; AAPL fell, NVDA fell 3→4 (pushed down by GME), AMD dropped out.
    expect(risingSymbols(before, after)).toEqual(['TSLA', 'GME']);
  });

  it('blinks nothing when the list is unchanged', () => {
    expect(risingSymbols(['A', 'B'], ['A', 'B'])).toEqual([]);
  });
});
