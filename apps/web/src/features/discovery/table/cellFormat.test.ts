import { describe, expect, it } from 'vitest';
import { abbreviate, dollars, percent } from './cellFormat.ts';

describe('Discovery number formats (spec §9: k, m, b with 2 decimals)', () => {
  it('abbreviates with 2 decimals and keeps small whole numbers', () => {
    expect(abbreviate(950)).toBe('950');
    expect(abbreviate(12_345)).toBe('12.35k');
    expect(abbreviate(3_210_000)).toBe('3.21m');
    expect(abbreviate(-1.5e9)).toBe('-1.50b');
    expect(abbreviate(null)).toBe('-');
    expect(abbreviate(Number.NaN)).toBe('-');
  });

  it('signs percents and dollars, 4 decimals for a move on a sub-dollar stock', () => {
    expect(percent(4.256)).toBe('+4.26%');
    expect(percent(-1.1)).toBe('-1.10%');
    expect(dollars(1.25, 12)).toBe('+$1.25');
    // A sub-dollar move has the decimals of its stock's price: 2 on an $870 stock, 4 on a $0.80 one.
    expect(dollars(-0.046, 870)).toBe('-$0.05');
    expect(dollars(-0.045, 0.8)).toBe('-$0.0450');
    expect(dollars(undefined, 12)).toBe('-');
  });
});
