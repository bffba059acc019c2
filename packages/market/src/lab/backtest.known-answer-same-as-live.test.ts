import type { FilteredAlert, FiredDraft, RuleSet } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { AlertEvaluator } from '../alerts/AlertEvaluator.ts';
import { ny, rule, ruleSet } from '../alerts/testWorld.ts';
import { discoveryRows } from '../discovery/recompute.ts';
import { MarketEngine } from '../engine/MarketEngine.ts';
import type { EngineSnapshot } from '../snapshot/snapshot.ts';
import { backtestSession } from './backtest.ts';
import { SessionRecorder } from './recorder.ts';
import { LAB_USER } from './replay.ts';
import { readTape } from './sessionTape.ts';

// The "Done when": a hand-made session with known answers — a price alert that fires
// exactly twice, a filtered alert that fires on exactly three symbols at known minutes, a halt —
// recorded by the recorder as the engine thread runs it, then backtested from the recording.
// The live run drains every 250 ms and refreshes Discovery every second (worker.ts); the lab
// drains every 250 ms and refreshes filtered alerts once a minute, so the filter's entries are
// put in a minute's last second, where both refreshes fall at the same instant.

type Event = { ts: number; sym: string; price?: number; halt?: boolean };
const t = (h: number, m: number, s = 0, ms = 0) => ny(h, m, s) + ms;

const tape: Event[] = [
  ...['ABC', 'F1', 'F2', 'F3'].map((sym) => ({ ts: t(9, 30, 0, 100), sym, price: 10 })),
  { ts: t(9, 30, 0, 100), sym: 'XYZ', price: 20 },
  { ts: t(9, 45, 10), sym: 'ABC', price: 10.1 },
  { ts: t(10, 0, 59, 500), sym: 'F1', price: 10.6 },
  { ts: t(10, 2, 0, 500), sym: 'ABC', price: 10.21 },
  { ts: t(10, 2, 30), sym: 'F1', price: 10.8 },
  { ts: t(10, 3, 0, 500), sym: 'ABC', price: 10.25 },
  { ts: t(10, 5, 59, 500), sym: 'F2', price: 10.55 },
  { ts: t(10, 7, 0, 500), sym: 'ABC', price: 10.3 },
  { ts: t(10, 9, 30), sym: 'XYZ', price: 21 },
  { ts: t(10, 10), sym: 'XYZ', halt: true },
  { ts: t(10, 12, 59, 500), sym: 'F3', price: 10.7 },
  { ts: t(10, 15), sym: 'XYZ', halt: false },
  { ts: t(10, 15, 30), sym: 'XYZ', price: 21.5 },
  { ts: t(10, 17, 0, 500), sym: 'ABC', price: 10.05 },
  { ts: t(10, 20, 30), sym: 'ABC', price: 10.1 },
  { ts: t(10, 32, 0, 500), sym: 'ABC', price: 10.42 },
  { ts: t(10, 33, 10), sym: 'ABC', price: 10.4 },
  { ts: t(10, 37, 10), sym: 'ABC', price: 10.35 },
  { ts: t(10, 47, 10), sym: 'ABC', price: 10.5 },
  { ts: t(15, 59), sym: 'ABC', price: 10.58 },
];

const gappers: FilteredAlert = {
  name: 'Gappers',
  type: 'all',
  values: { price_dist: { min: 5, max: null } },
  sector: { min: [1] },
  timeframe: { min: '1day' },
};
const priceRule = rule(1, 'price', 'ABC', 2);
const haltRule = { ...rule(2, 'trade', 'halt', 0), type: 'halt' as const };
const sets: Record<string, RuleSet> = {
  price: ruleSet({ rules: [priceRule] }),
  filtered: ruleSet({ rules: [], filtered: [gappers] }),
  halt: ruleSet({ rules: [haltRule] }),
};

/** The engine thread's loop over the tape, with the recorder in it; answers fires and the recording. */
function live(set: RuleSet, until = t(16, 0)) {
  let now = t(9, 29);
  const engine = new MarketEngine({ clock: () => now, capacity: 16 });
  for (const sym of ['ABC', 'F1', 'F2', 'F3', 'XYZ']) {
    engine.setReference({
      sym,
      name: sym,
      sector: sym.startsWith('F') ? 1 : 9,
      float: 2e7,
      shortRatio: 1,
      optionable: true,
      prevClose: sym === 'XYZ' ? 20 : 10,
      avgVolume: 1e6,
      exchange: 'NASDAQ',
    });
  }
  let open: EngineSnapshot | null = null;
  const chunks: Uint8Array[] = [];
  const recorder = new SessionRecorder(engine.table, {
    sessionStarts: () => {
      open = engine.snapshot();
    },
  });
  const fired: FiredDraft[] = [];
  const ev = new AlertEvaluator((a) => fired.push(a));
  ev.setUser(LAB_USER, set);
  let k = 0;
  for (let end = t(9, 30); end <= until; end += 250) {
    for (; k < tape.length && (tape[k] as Event).ts < end; k++) {
      const e = tape[k] as Event;
      now = e.ts;
      recorder.before(e.ts);
      if (e.halt === undefined) {
        const id = engine.table.intern(e.sym);
        if (engine.ingestTrade(id, e.price as number, 100, e.ts))
          recorder.trade(id, e.price as number, 100, e.ts, 0);
      } else engine.ingestStatus({ sym: e.sym, halted: e.halt, reason: 'LUDP', ts: e.ts });
    }
    now = end;
    engine.drainBatch();
    ev.onBatch(engine, end);
    recorder.afterDrain(engine);
    if (end % 1000 === 0) {
      for (const tf of ev.filteredTimeframes()) ev.onDiscovery(tf, discoveryRows(engine, tf), end);
      const chunk = recorder.flush(end);
      if (chunk) chunks.push(chunk.slice());
    }
  }
  const last = recorder.flush(until);
  if (last) chunks.push(last);
  if (open === null) throw new Error('no opening state recorded');
  return { fired, tape: readTape(20251124, open, chunks) };
}

const brief = (a: { time: number; symbol: string; msg: string }) => [a.time, a.symbol, a.msg];
const pct = (to: number, from: number) => ((to - from) / from) * 100;

describe('a backtest of a recorded session', () => {
  it('fires the price alert exactly twice, with the moves that followed', () => {
    const run = live(sets.price as RuleSet);
    const fires = backtestSession(run.tape, sets.price as RuleSet);
    expect(fires.map(brief)).toEqual([
      [t(10, 2, 0, 500), 'ABC', 'ABC up 2.1% at 10.21'],
      [t(10, 32, 0, 500), 'ABC', 'ABC up 4.2% at 10.42'],
    ]);
    expect(run.fired.map(brief)).toEqual(fires.map(brief));
    const [first, second] = fires;
    expect(first?.moves.m1).toBeCloseTo(pct(10.25, 10.21), 9);
    expect(first?.moves.m5).toBeCloseTo(pct(10.3, 10.21), 9);
    expect(first?.moves.m15).toBeCloseTo(pct(10.05, 10.21), 9);
    expect(first?.moves.m30).toBeCloseTo(pct(10.42, 10.21), 9);
    expect(first?.moves.close).toBeCloseTo(pct(10.58, 10.21), 9);
    expect(first?.mae30).toBeCloseTo(pct(10.05, 10.21), 9);
    expect(second?.moves).toEqual({
      m1: 0,
      m5: expect.closeTo(pct(10.4, 10.42), 9),
      m15: expect.closeTo(pct(10.35, 10.42), 9),
      m30: expect.closeTo(pct(10.5, 10.42), 9),
      close: expect.closeTo(pct(10.58, 10.42), 9),
    });
    expect(second?.mae30).toBeCloseTo(pct(10.35, 10.42), 9);
  });

  it('fires the filtered alert on exactly three symbols at the known minutes, as live', () => {
    // Live refreshes Discovery every second: the tape up to 10:20 is enough and keeps this cheap.
    const run = live(sets.filtered as RuleSet, t(10, 20));
    const fires = backtestSession(run.tape, sets.filtered as RuleSet);
    expect(fires.map(brief)).toEqual([
      [t(10, 1), 'F1', 'F1 entered filter Gappers'],
      [t(10, 6), 'F2', 'F2 entered filter Gappers'],
      [t(10, 13), 'F3', 'F3 entered filter Gappers'],
    ]);
    expect(run.fired.map(brief)).toEqual(fires.map(brief));
    expect(fires[0]?.price).toBe(10.6);
    expect(fires[0]?.moves.m5).toBeCloseTo(pct(10.8, 10.6), 9);
  });

  it('fires the halt and the resume at their times, as live', () => {
    const run = live(sets.halt as RuleSet);
    const fires = backtestSession(run.tape, sets.halt as RuleSet);
    expect(fires.map(brief)).toEqual([
      [t(10, 10), 'XYZ', 'XYZ halted (LUDP)'],
      [t(10, 15), 'XYZ', 'XYZ resumed'],
    ]);
    expect(run.fired.map(brief)).toEqual(fires.map(brief));
    expect(fires[0]?.moves.m15).toBeCloseTo(pct(21.5, 21), 9);
  });
});
