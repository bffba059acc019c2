import type { HLCV } from './series.ts';

// Test bars: a deterministic walk (fixed LCG seed) with a quiet stretch, a breakout and a
// selloff, so squeezes form and fire and the Supertrend flips both ways.

export function walkBars(count: number, seed = 12345): HLCV[] {
  let s = seed >>> 0;
  const rnd = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const bars: HLCV[] = [];
  let close = 50;
  for (let i = 0; i < count; i++) {
    const quiet = i >= 40 && i < 70;
    const breakout = i >= 70 && i < 80;
    const vol = quiet ? 0.05 : 1.2;
    const selloff = i >= 110 && i < 122;
    const drift = breakout ? 1.5 : selloff ? -1.8 : (rnd() - 0.5) * vol;
    const open = close;
    close = Math.max(1, open + drift + (rnd() - 0.5) * vol);
    const high = Math.max(open, close) + rnd() * vol;
    const low = Math.min(open, close) - rnd() * vol;
    bars.push({ high, low, close, volume: Math.round(1000 + rnd() * 9000) });
  }
  return bars;
}
