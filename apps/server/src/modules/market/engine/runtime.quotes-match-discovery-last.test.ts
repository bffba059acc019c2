import { createSimulator, SaleCondition } from '@tapeline/market';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../test/manualClock.ts';
import { EngineRuntime } from './runtime.ts';

// Issue 27 item 6: a favourite's live price is the last ELIGIBLE print the engine holds (the
// sale-condition table decides), pushed within a second: after every one-second tick the prices
// the quote cards hold equal Discovery's Last, over a minute of simulated tape laced with prints
// that must not set the last price (odd lots, late and out-of-sequence prints).

// Friday 2026-11-20, 09:31 New York: a minute into the session.
const START = Date.UTC(2026, 10, 20, 14, 31);

describe('quote prices from the tape', () => {
  it('equal Discovery’s Last after every second for 60 s of simulated tape, ineligible prints included', () => {
    const clock = createManualClock(START);
    const r = new EngineRuntime('manual', null, { clock });
    const sim = createSimulator({ seed: 27, symbols: 200, startTs: START - 60_000, tradesPerSecond: 600 });
    r.sink.reference(sim.reference());
    const favourites = sim
      .reference()
      .slice(3, 78)
      .map((ref) => ref.sym); // 75, the index ETFs left out
    const watched = new Set(favourites);
    // Up to START: the first minute, before any card listens.
    let n = 0;
    const sink = {
      trade(sym: string, price: number, size: number, ts: number) {
        r.sink.trade(sym, price, size, ts);
        if (!watched.has(sym) || n++ % 3 !== 0) return;
        // Prints the table keeps from the last price: an odd lot 5 % away, and a late print.
        r.sink.trade(sym, Math.round(price * 105) / 100, 37, ts, SaleCondition.odd_lot);
        r.sink.trade(sym, Math.round(price * 95) / 100, 100, ts, SaleCondition.out_of_sequence);
        r.sink.trade(sym, Math.round(price * 97) / 100, 100, ts - 20_000);
      },
      status: r.sink.status,
    };
    sim.step(START, sink);
    r.drain();
    const cards = new Map<string, number>();
    // The cards start from the list's answer (GET /api/quotes reads the engine's `quotes`).
    const listed = JSON.parse(r.answer({ kind: 'quotes', symbols: favourites, spark: false })) as ({
      s: string;
      last: number | null;
    } | null)[];
    for (const q of listed) if (q?.last != null) cards.set(q.s, q.last);

    let compared = 0;
    let moved = 0;
    for (let s = 1; s <= 60; s++) {
      const to = START + s * 1000;
      sim.step(to, sink);
      clock.advanceTo(to);
      r.drain();
      const tick = r.quoteTick();
      if (tick) {
        const { q } = JSON.parse(tick) as { q: [string, number][] };
        for (const [sym, last] of q) {
          if (!watched.has(sym)) continue;
          if (cards.get(sym) !== last) moved++;
          cards.set(sym, last);
        }
      }
      const rows = JSON.parse(r.answer({ kind: 'discovery', tf: '1day', access: 'proplus' })) as {
        s: string;
        l: number;
      }[];
      for (const row of rows) {
        if (!watched.has(row.s)) continue;
        expect({ s, sym: row.s, price: cards.get(row.s) }).toEqual({ s, sym: row.s, price: row.l });
        compared++;
      }
    }
    // The minute did move prices, and every favourite was compared every second.
    expect(moved).toBeGreaterThan(100);
    expect(compared).toBe(60 * 75);
  });
});
