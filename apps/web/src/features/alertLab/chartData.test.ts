import type { SessionBars } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { chartData, chartTime } from './chartData.ts';

// 09:30 and 09:31 New York on Thursday 19 November 2026 (EST, UTC−5).
const T0 = Date.UTC(2026, 10, 19, 14, 30);
const T1 = T0 + 60_000;
const words = { halt: 'halt', resume: 'resume' };

const bars: SessionBars = {
  symbol: 'ABC',
  date: '2026-11-19',
  prior_close: 9.5,
  t: [T0, T1],
  o: [10, 10.2],
  h: [10.3, 10.6],
  l: [9.9, 10.1],
  c: [10.2, 10.15],
  v: [1000, 2500],
  vwap: [10.1, null],
  events: [
    { t: T1 + 20_000, kind: 'halt', price: 10.5 },
    { t: T1 + 5_000, kind: 'high', price: 10.6 },
  ],
};

describe('chart data', () => {
  it('reads times as New York wall clock seconds, on the minute', () => {
    expect(chartTime(T0 + 42_000)).toBe(Date.UTC(2026, 10, 19, 9, 30) / 1000);
  });

  it('turns bars into candles, VWAP, volume coloured by direction and the day’s high and low', () => {
    const d = chartData(bars, [], words);
    const t0 = chartTime(T0);
    expect(d.candles).toEqual([
      { time: t0, open: 10, high: 10.3, low: 9.9, close: 10.2 },
      { time: t0 + 60, open: 10.2, high: 10.6, low: 10.1, close: 10.15 },
    ]);
    expect(d.vwap).toEqual([{ time: t0, value: 10.1 }]);
    expect(d.volume.map((v) => v.up)).toEqual([true, false]);
    expect([d.high, d.low]).toEqual([10.6, 9.9]);
  });

  it('marks halts, the trader’s alerts and a fire on the bar holding them, in time order', () => {
    const d = chartData(bars, [{ time: T0 + 30_000, kind: 'fire', text: 'fire' }], words);
    const t0 = chartTime(T0);
    expect(d.markers).toEqual([
      { time: t0, position: 'belowBar', kind: 'fire', text: 'fire' },
      { time: t0 + 60, position: 'aboveBar', kind: 'halt', text: 'halt' },
    ]);
  });
});
