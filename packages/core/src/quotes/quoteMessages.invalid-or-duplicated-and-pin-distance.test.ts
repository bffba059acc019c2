import { describe, expect, it } from 'vitest';
import { invalidOrDuplicated, pinPercent } from './quoteMessages.ts';

describe('the invalid-or-duplicated toast', () => {
  it('names one symbol alone', () => {
    expect(invalidOrDuplicated(['NOPE1'], [])).toBe('NOPE1 is invalid or duplicated');
  });
  it('names two, invalids first', () => {
    expect(invalidOrDuplicated(['NOPE1'], ['MSFT'])).toBe('NOPE1, MSFT is invalid or duplicated');
  });
  it('counts the rest past two', () => {
    expect(invalidOrDuplicated(['A1', 'B1'], ['MSFT', 'ABC'])).toBe(
      'A1, B1 and 2 other symbols is invalid or duplicated',
    );
  });
  it('says nothing when nothing was skipped', () => {
    expect(invalidOrDuplicated([], [])).toBeNull();
  });
});

describe('the pin distance', () => {
  it('is the move to the pin in % of price, 2 decimals', () => {
    expect(pinPercent(13, 12.34)).toBe(5.35);
    expect(pinPercent(10, 12.5)).toBe(-20);
  });
  it('is null without a pin or a price', () => {
    expect(pinPercent(null, 12)).toBeNull();
    expect(pinPercent(13, null)).toBeNull();
    expect(pinPercent(13, 0)).toBeNull();
  });
});
