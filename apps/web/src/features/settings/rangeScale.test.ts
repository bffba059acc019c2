import { STREAM_RANGE_KEYS, STREAM_RANGES } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import {
  formatAmountInput,
  formatRangeValue,
  isFullRange,
  isUnbounded,
  parseAmount,
  rangeStops,
  stopIndex,
  withSide,
} from './rangeScale.ts';

describe('rangeStops', () => {
  it.each(STREAM_RANGE_KEYS)('%s runs from the bottom to the top of its range, strictly rising', (key) => {
    const stops = rangeStops(key);
    expect(stops[0]).toBe(STREAM_RANGES[key].min);
    expect(stops.at(-1)).toBe(STREAM_RANGES[key].max);
    for (let i = 1; i < stops.length; i += 1) expect(stops[i]).toBeGreaterThan(stops[i - 1] as number);
    // Enough positions to be useful, few enough to drag through.
    expect(stops.length).toBeGreaterThan(25);
    expect(stops.length).toBeLessThan(120);
  });

  it('gives cheap prices fine steps and keeps round numbers', () => {
    const price = rangeStops('price');
    expect(price.slice(0, 5)).toEqual([0, 0.1, 0.15, 0.2, 0.25]);
    expect(price).toContain(5);
    expect(price).toContain(20);
    expect(rangeStops('volume')).toContain(1_500_000);
    expect(rangeStops('float')).toContain(50_000_000);
  });

  it('counts in whole numbers', () => {
    expect(rangeStops('count').every(Number.isInteger)).toBe(true);
    expect(rangeStops('count').slice(0, 4)).toEqual([0, 1, 2, 3]);
  });
});

describe('stopIndex', () => {
  const stops = [0, 1, 2, 5, 10];
  it('finds the highest stop at or below a value', () => {
    expect(stopIndex(stops, 0)).toBe(0);
    expect(stopIndex(stops, 2)).toBe(2);
    expect(stopIndex(stops, 4.99)).toBe(2);
    expect(stopIndex(stops, 10)).toBe(4);
    expect(stopIndex(stops, 99)).toBe(4);
  });
});

describe('bounds', () => {
  it('treats a max at or above the top as unbounded', () => {
    expect(isUnbounded('price', 5000)).toBe(true);
    expect(isUnbounded('price', 4999)).toBe(false);
    expect(isFullRange('count', { min: 0, max: 1000 })).toBe(true);
    expect(isFullRange('count', { min: 1, max: 1000 })).toBe(false);
  });
});

describe('formatRangeValue', () => {
  it('shows an unbounded max as Any and each kind in its own unit', () => {
    expect(formatRangeValue('price', 5000, 'max')).toBe('Any');
    expect(formatRangeValue('price', 5000, 'min')).toBe('$5000');
    expect(formatRangeValue('price', 0.5, 'min')).toBe('$0.50');
    expect(formatRangeValue('price', 2.25, 'max')).toBe('$2.25');
    expect(formatRangeValue('price', 0.0025, 'min')).toBe('$0.0025');
    expect(formatRangeValue('price', 5, 'max')).toBe('$5');
    expect(formatRangeValue('volume', 50_000_000, 'max')).toBe('50m');
    expect(formatRangeValue('float', 1_500_000_000, 'min')).toBe('1.5b');
    expect(formatRangeValue('gap', 12.5, 'min')).toBe('12.5%');
    expect(formatRangeValue('count', 7, 'max')).toBe('7');
  });

  it('never shows a bound under the top as the top: 199,999,999 is not "200m" (issue 29)', () => {
    expect(formatRangeValue('volume', 199_999_999, 'max')).toBe('199,999,999');
    expect(formatRangeValue('volume', 199_999_999, 'min')).toBe('199,999,999');
    expect(formatRangeValue('float', 99_960_000_000, 'max')).toBe('99,960,000,000');
    expect(formatRangeValue('volume', 150_000_000, 'max')).toBe('150m');
  });
});

describe('formatAmountInput and parseAmount', () => {
  it('writes volumes compactly only when that is exact', () => {
    expect(formatAmountInput('volume', 50_000_000)).toBe('50m');
    expect(formatAmountInput('float', 100_000_000_000)).toBe('100b');
    expect(formatAmountInput('volume', 12_500)).toBe('12.5k');
    expect(formatAmountInput('volume', 12_345_678)).toBe('12345678');
    expect(formatAmountInput('volume', 0)).toBe('0');
    expect(formatAmountInput('price', 2.5)).toBe('2.5');
  });

  it('reads what a trader types', () => {
    expect(parseAmount('5')).toBe(5);
    expect(parseAmount(' $0.50 ')).toBe(0.5);
    expect(parseAmount('2,500')).toBe(2500);
    expect(parseAmount('12.5k')).toBe(12_500);
    expect(parseAmount('3M')).toBe(3_000_000);
    expect(parseAmount('1.2b')).toBe(1_200_000_000);
    expect(parseAmount('25%')).toBe(25);
    expect(parseAmount('.5')).toBe(0.5);
  });

  it('refuses what is no amount', () => {
    for (const text of ['', 'abc', '-5', '5x', '1..2', 'k']) expect(parseAmount(text)).toBeNull();
  });

  it('reads back every value it writes', () => {
    for (const value of [0, 7, 950, 12_500, 12_345_678, 50_000_000, 1_234_000_000, 100_000_000_000]) {
      expect(parseAmount(formatAmountInput('float', value))).toBe(value);
    }
  });
});

describe('withSide', () => {
  it('keeps a side inside the bounds', () => {
    expect(withSide('price', { min: 0, max: 20 }, 'max', 9000)).toEqual({ min: 0, max: 5000 });
    expect(withSide('price', { min: 1, max: 20 }, 'min', -3)).toEqual({ min: 0, max: 20 });
  });

  it('moves the other side rather than letting the sides cross', () => {
    expect(withSide('price', { min: 1, max: 20 }, 'min', 30)).toEqual({ min: 30, max: 30 });
    expect(withSide('price', { min: 10, max: 20 }, 'max', 5)).toEqual({ min: 5, max: 5 });
    expect(withSide('price', { min: 1, max: 20 }, 'max', 5)).toEqual({ min: 1, max: 5 });
  });
});
