import { describe, expect, it } from 'vitest';
import { formatPercent, formatPrice, formatVolume } from './format.ts';

describe('number formats', () => {
  it('prices: 2 decimals, 4 below a dollar', () => {
    expect(formatPrice(101.5)).toBe('101.50');
    expect(formatPrice(1)).toBe('1.00');
    expect(formatPrice(0.5123)).toBe('0.5123');
    expect(formatPrice(0.00019)).toBe('0.0002');
    expect(formatPrice(null)).toBe('-');
  });
  it('volumes: k, m, b', () => {
    expect(formatVolume(950)).toBe('950');
    expect(formatVolume(12_500)).toBe('12.5k');
    expect(formatVolume(3_240_000)).toBe('3.2m');
    expect(formatVolume(1_100_000_000)).toBe('1.1b');
    expect(formatVolume(250_000)).toBe('250k');
    expect(formatVolume(Number.NaN)).toBe('-');
  });
  it('percentages carry a sign', () => {
    expect(formatPercent(4.254)).toBe('+4.25%');
    expect(formatPercent(-1.1)).toBe('-1.10%');
    expect(formatPercent(0)).toBe('0.00%');
  });
});
