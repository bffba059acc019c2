import { decodeStreamEntry } from '@tapeline/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { nyWallToUtc } from '../calendar/nyTime.ts';
import { MarketEngine } from '../engine/MarketEngine.ts';
import { testClock } from '../engine/testClock.ts';
import { createSimulator } from './simulator.ts';

// What the main stream shows at the opening bell of the default simulated market: the names
// making new highs are the market's ordinary stocks (tens of dollars), not a list of $500
// names, and the open is busy before it settles. The tape runs into the engine as the server
// runs it, drained every virtual second.

// Monday 24 November 2025, a regular trading day.
const DAY = Math.floor(Date.UTC(2025, 10, 24) / 86_400_000);
const at = (h: number, m = 0) => nyWallToUtc(DAY, h * 60 + m);
const SECOND = 1_000;

/** New-high entries of each drained batch: [virtual time, symbol, last]. */
const highs: [number, string, number][] = [];

beforeAll(() => {
  const sim = createSimulator({ seed: 1, symbols: 10_000, startTs: at(9, 30), tradesPerSecond: 300 });
  const clock = testClock(at(9, 30));
  const engine = new MarketEngine({ clock, capacity: 16_384 });
  for (const r of sim.reference()) engine.setReference(r);
  const sink = {
    trade: (sym: string, price: number, size: number, ts: number) =>
      void engine.ingest({ sym, price, size, ts }),
    status: (sym: string, halted: boolean, reason: string, ts: number) =>
      void engine.ingestStatus({ sym, halted, reason, ts }),
  };
  for (let t = at(9, 30) + SECOND; t <= at(11); t += SECOND) {
    sim.step(t, sink);
    clock.set(t);
    for (const h of engine.drainBatch().highs.map(decodeStreamEntry)) highs.push([t, h.symbol, h.last]);
  }
}, 120_000);

const between = (from: number, to: number) => highs.filter(([t]) => t > from && t <= to);

describe('the opening tape of the default simulated market', () => {
  it('shows ordinary stocks in new highs over the first 10 minutes: median under $40, under 5 % above $500', () => {
    const first = between(at(9, 30), at(9, 40));
    expect(first.length).toBeGreaterThan(1_000);
    const prices = first.map(([, , last]) => last).sort((a, b) => a - b);
    expect(prices[prices.length >> 1]).toBeLessThan(40);
    expect(prices.filter((p) => p > 500).length / prices.length).toBeLessThan(0.05);
    // Many names, not a handful repeating.
    expect(new Set(first.map(([, sym]) => sym)).size).toBeGreaterThan(500);
  });

  it('is busy at the open and settles: highs per minute 09:30–09:35 at least 3× those of 10:30–11:00', () => {
    const open = between(at(9, 30), at(9, 35)).length / 5;
    const later = between(at(10, 30), at(11)).length / 30;
    expect(later).toBeGreaterThan(0);
    expect(open).toBeGreaterThanOrEqual(3 * later);
  });
});
