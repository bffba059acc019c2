import type { SessionBars } from '@tapeline/core';
import { nyLocalMs } from '@tapeline/market';

// The bars of a session as the chart draws them. The chart library reads times as UTC seconds
// and prints them as such, so each time is shifted to New York wall clock first: the axis then
// reads market time, as everything else in the app does.

export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}
export interface Point {
  time: number;
  value: number;
}
export interface Marker {
  time: number;
  position: 'aboveBar' | 'belowBar';
  kind: 'high' | 'low' | 'halt' | 'resume' | 'alert' | 'fire';
  text: string;
}

export interface ChartData {
  candles: Candle[];
  vwap: Point[];
  volume: (Point & { up: boolean })[];
  /** The day's high and low so far (price lines), null with no bar. */
  high: number | null;
  low: number | null;
  markers: Marker[];
}

/** The chart's time of a UTC ms instant, on its minute (the bar it falls in). */
export const chartTime = (ms: number) => Math.floor(nyLocalMs(ms) / 60_000) * 60;

/** A time (UTC ms) that lies in the session's bars, placed on the bar holding it (or the nearest before). */
function barTime(data: ChartData, ms: number): number | null {
  const at = chartTime(ms);
  let found: number | null = null;
  for (const c of data.candles) {
    if (c.time > at) break;
    found = c.time;
  }
  return found ?? data.candles[0]?.time ?? null;
}

/** An alert or fire to mark on the chart: when, which way, the word shown. */
export interface ChartNote {
  time: number;
  kind: 'alert' | 'fire';
  text: string;
}

export function chartData(
  bars: SessionBars,
  notes: readonly ChartNote[],
  words: { halt: string; resume: string },
): ChartData {
  const data: ChartData = { candles: [], vwap: [], volume: [], high: null, low: null, markers: [] };
  for (let i = 0; i < bars.t.length; i++) {
    const time = chartTime(bars.t[i] as number);
    const open = bars.o[i] as number;
    const close = bars.c[i] as number;
    const high = bars.h[i] as number;
    const low = bars.l[i] as number;
    data.candles.push({ time, open, high, low, close });
    data.volume.push({ time, value: bars.v[i] as number, up: close >= open });
    const vwap = bars.vwap[i];
    if (vwap !== null && vwap !== undefined) data.vwap.push({ time, value: vwap });
    if (data.high === null || high > data.high) data.high = high;
    if (data.low === null || low < data.low) data.low = low;
  }
  const mark = (ms: number, kind: Marker['kind'], text: string, position: Marker['position']) => {
    const time = barTime(data, ms);
    if (time !== null) data.markers.push({ time, position, kind, text });
  };
  for (const e of bars.events) {
    if (e.kind === 'halt') mark(e.t, 'halt', words.halt, 'aboveBar');
    else if (e.kind === 'resume') mark(e.t, 'resume', words.resume, 'aboveBar');
  }
  for (const n of notes) mark(n.time, n.kind, n.text, 'belowBar');
  // The library wants markers in time order.
  data.markers.sort((a, b) => a.time - b.time);
  return data;
}
