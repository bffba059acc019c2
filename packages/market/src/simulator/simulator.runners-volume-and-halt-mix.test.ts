import { beforeAll, describe, expect, it } from 'vitest';
import { nyWallToUtc } from '../calendar/nyTime.ts';
import type { ReferenceData } from '../events.ts';
import { createSimulator } from './simulator.ts';

// What a momentum trader checks at 10:00 on the simulated open (issue 23 §6): the day's runners
// have turned over their float and trade 10–50× their usual volume, while everything else is
// quiet and nobody out-trades SPY; and by then the halts come in a real mix — LULD pauses on
// both sides, news halts T1, T2 and T12. Without the engine (volume is the simulator's own
// figure); 2,000 symbols at a low print rate keep it cheap: sizes are set per day's volume, so
// a slower tape trades the same shares in fewer prints.

// Tuesday 24 November 2026, a regular trading day.
const DAY = Math.floor(Date.UTC(2026, 10, 24) / 86_400_000);
const at = (h: number, m = 0) => nyWallToUtc(DAY, h * 60 + m);

interface Day {
  refs: ReferenceData[];
  volume: Map<string, number>;
  last: Map<string, number>;
  /** Halts as `reason side` (side: the last print against the prior close). */
  halts: string[];
}

function run(seed: number, symbols: number, to: number, tradesPerSecond: number): Day {
  const sim = createSimulator({ seed, symbols, startTs: at(9, 30), tradesPerSecond });
  const refs = sim.reference();
  const prev = new Map(refs.map((r) => [r.sym, r.prevClose]));
  const day: Day = { refs, volume: new Map(), last: new Map(), halts: [] };
  sim.step(to, {
    trade(sym, price, size) {
      day.volume.set(sym, (day.volume.get(sym) ?? 0) + size);
      day.last.set(sym, price);
    },
    status(sym, halted, reason) {
      if (!halted) return;
      const side = (day.last.get(sym) ?? 0) < (prev.get(sym) ?? 0) ? 'down' : 'up';
      day.halts.push(`${reason} ${side}`);
    },
  });
  return day;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

let open: Day;
/** The default universe (every listing, 23 runners) at a slow tape: halts come by time, not by print. */
let openHalts: Day;
beforeAll(() => {
  open = run(1, 2_000, at(10), 150);
  openHalts = run(1, 10_000, at(10), 100);
}, 60_000);

describe('the simulated open at 10:00', () => {
  // 2,000 symbols have 7 runners; they are the biggest movers either way.
  const movers = (d: Day) =>
    d.refs
      .filter((r) => d.last.has(r.sym))
      .sort(
        (a, b) =>
          Math.abs((d.last.get(b.sym) as number) / b.prevClose - 1) -
          Math.abs((d.last.get(a.sym) as number) / a.prevClose - 1),
      )
      .slice(0, 7);

  it('has its runners turn over their float (median ≥ 1×) on 10–50× their usual volume', () => {
    const runners = movers(open);
    const turnover = runners.map((r) => (open.volume.get(r.sym) ?? 0) / r.float);
    const rvol = runners.map((r) => (open.volume.get(r.sym) ?? 0) / r.avgVolume);
    expect(median(turnover)).toBeGreaterThanOrEqual(1);
    expect(median(rvol)).toBeGreaterThanOrEqual(10);
    expect(median(rvol)).toBeLessThanOrEqual(50);
  });

  it('keeps every other name quiet (median under half its usual day) and nobody above SPY in dollars', () => {
    const runners = new Set(movers(open).map((r) => r.sym));
    const rest = open.refs.filter((r) => !runners.has(r.sym));
    expect(median(rest.map((r) => (open.volume.get(r.sym) ?? 0) / r.avgVolume))).toBeLessThan(0.5);
    const dollars = (r: ReferenceData) => (open.volume.get(r.sym) ?? 0) * r.prevClose;
    const spy = open.refs.find((r) => r.sym === 'SPY') as ReferenceData;
    for (const r of open.refs) if (r !== spy) expect(dollars(r)).toBeLessThan(dollars(spy));
  });
});

describe('the halts of a simulated open', () => {
  it('by 10:00: LULD pauses both ways and news halts T1, T2 and T12, T1 the most common news halt', () => {
    const count = (k: string) => openHalts.halts.filter((h) => h.startsWith(`${k} `)).length;
    expect(openHalts.halts).toContain('LUDP up');
    expect(openHalts.halts).toContain('LUDP down');
    expect(count('T2')).toBeGreaterThan(0);
    expect(count('T12')).toBeGreaterThan(0);
    expect(count('T1')).toBeGreaterThanOrEqual(Math.max(count('T2'), count('T12')));
  });
});
