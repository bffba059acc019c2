import { describe, expect, it } from 'vitest';
import { countBySector } from './sectorCounts.ts';

describe('countBySector: symbols per sector code', () => {
  it('no symbols: every spec code at 0', () => {
    const counts = countBySector([]);
    expect(Object.keys(counts).map(Number)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 81, 82, 99,
    ]);
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
  });

  it('three technology, one ETF, one unknown code 0', () => {
    const counts = countBySector([9, 82, 9, 0, 9]);
    expect(counts['9']).toBe(3);
    expect(counts['82']).toBe(1);
    expect(counts['0']).toBe(1);
    expect(counts['1']).toBe(0);
  });
});
