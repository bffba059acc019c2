import { RATE_RANGES, RULE_TYPES } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { formatRate, positionToRate, rateStops, rateToPosition } from './rateScale.ts';

describe('rate slider scale', () => {
  it('spans exactly each type’s §9 range and stops on its default', () => {
    for (const type of RULE_TYPES) {
      const stops = rateStops(type);
      const { min, max, default: initial } = RATE_RANGES[type];
      expect(stops[0]).toBe(min);
      expect(stops.at(-1)).toBe(max);
      expect(positionToRate(stops, rateToPosition(stops, initial))).toBe(initial);
    }
  });

  it('steps through round values, ascending', () => {
    expect(rateStops('vwap').slice(0, 8)).toEqual([0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6]);
    expect(rateStops('trade').slice(0, 4)).toEqual([0.02, 0.025, 0.03, 0.04]);
    const uv = rateStops('uv');
    expect(uv.every((v, i) => i === 0 || v > (uv[i - 1] as number))).toBe(true);
  });

  it('puts a rate between stops on the nearest one, and one outside the range on its end', () => {
    const stops = rateStops('price');
    expect(positionToRate(stops, rateToPosition(stops, 2.2))).toBe(2);
    expect(positionToRate(stops, rateToPosition(stops, 0.01))).toBe(0.1);
    expect(positionToRate(stops, rateToPosition(stops, 5000))).toBe(100);
    expect(positionToRate(stops, 999)).toBe(100);
  });

  it('shows Hi/Low rates in dollars and the others in percent', () => {
    expect(formatRate('trade', 0.1)).toBe('$0.10');
    expect(formatRate('uv', 20)).toBe('20%');
    expect(formatRate('vwap', 2.5)).toBe('2.5%');
  });
});
