import { decodeStreamEntry } from '@tapeline/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { nyWallToUtc } from '../calendar/nyTime.ts';
import { MarketEngine } from '../engine/MarketEngine.ts';
import { testClock } from '../engine/testClock.ts';
import { createSimulator } from './simulator.ts';

// What the main stream shows at the opening bell of the default simulated market: the names
// making new highs are the market's ordinary stocks (tens of dollars), not a list of $500
// names, and the open is busy before it settles. The tape runs into the engine as the server
// runs it. 2,000 symbols at 1,000 prints a second trade each name as often as the default
// 10,000 at 5,000 (what new highs depend on), at a fifth of the cost.

// Monday 24 November 2025, a regular trading day.
const DAY = Math.floor(Date.UTC(2025, 10, 24) / 86_400_000);
const at = (h: number, m = 0) => nyWallToUtc(DAY, h * 60 + m);

/** New-high entries of each drained batch, [virtual time, last], from 09:30 to `to`. */
function highsUntil(to: number, tradesPerSecond: number, drainMs: number): [number, number][] {
  const sim = createSimulator({ seed: 1, symbols: 2_000, startTs: at(9, 30), tradesPerSecond });
  const clock = testClock(at(9, 30));
  const engine = new MarketEngine({ clock, capacity: 2_048 });
  for (const r of sim.reference()) engine.setReference(r);
  const sink = {
    trade: (sym: string, price: number, size: number, ts: number) =>
      void engine.ingest({ sym, price, size, ts }),
    status: (sym: string, halted: boolean, reason: string, ts: number) =>
      void engine.ingestStatus({ sym, halted, reason, ts }),
  };
  const out: [number, number][] = [];
  for (let t = at(9, 30) + drainMs; t <= to; t += drainMs) {
    sim.step(t, sink);
    clock.set(t);
    for (const h of engine.drainBatch().highs.map(decodeStreamEntry)) out.push([t, h.last]);
  }
  return out;
}

/** The product's pace: 250 ms batches, every name printing as often as in the default market. */
let opening: [number, number][] = [];
/** A slower tape to 11:00: how busy each stretch is relative to another. */
let morning: [number, number][] = [];

beforeAll(() => {
  opening = highsUntil(at(9, 40), 1_000, 250);
  morning = highsUntil(at(11), 100, 1_000);
}, 120_000);

const between = (highs: [number, number][], from: number, to: number) =>
  highs.filter(([t]) => t > from && t <= to);

describe('the opening tape of the default simulated market', () => {
  // A universe of any size keeps the sixty best-known (large, dearer) names: the median is
  // still an ordinary stock's.
  it('shows ordinary stocks in new highs over the first 10 minutes: median under $50, under 5 % above $500', () => {
    expect(opening.length).toBeGreaterThan(10_000);
    const prices = opening.map(([, last]) => last).sort((a, b) => a - b);
    expect(prices[prices.length >> 1]).toBeLessThan(50);
    expect(prices.filter((p) => p > 500).length / prices.length).toBeLessThan(0.05);
  });

  it('is busy at the open and settles: highs per minute 09:30–09:35 at least 3× those of 10:30–11:00', () => {
    const open = between(morning, at(9, 30), at(9, 35)).length / 5;
    const later = between(morning, at(10, 30), at(11)).length / 30;
    expect(later).toBeGreaterThan(0);
    expect(open).toBeGreaterThanOrEqual(3 * later);
  });
});
