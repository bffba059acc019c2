import { describe, expect, it } from 'vitest';
import { nyWallToUtc } from '../calendar/nyTime.ts';
import { sessionOfDay } from '../calendar/session.ts';
import { isTestSymbol } from '../testSymbols.ts';
import { openingBell } from './clock.ts';
import { createSimulator, type SimulatorSink } from './simulator.ts';
import { generateUniverse, maxUniverse } from './universe.ts';

// Monday 24 November 2025, a regular trading day.
const DAY = Math.floor(Date.UTC(2025, 10, 24) / 86_400_000);
const OPEN = nyWallToUtc(DAY, 9 * 60 + 30);
const CLOSE = nyWallToUtc(DAY, 16 * 60);

interface Tape {
  lines: string[];
  trades: { sym: string; price: number; size: number; ts: number }[];
  statuses: { sym: string; halted: boolean; reason: string; ts: number }[];
}

function recorder(keepLines = true): { sink: SimulatorSink; tape: Tape } {
  const tape: Tape = { lines: [], trades: [], statuses: [] };
  return {
    tape,
    sink: {
      trade(sym, price, size, ts) {
        tape.trades.push({ sym, price, size, ts });
        if (keepLines) tape.lines.push(`t ${sym} ${price} ${size} ${ts}`);
      },
      status(sym, halted, reason, ts) {
        tape.statuses.push({ sym, halted, reason, ts });
        if (keepLines) tape.lines.push(`s ${sym} ${halted} ${reason} ${ts}`);
      },
    },
  };
}

function runDay(seed: number, stepMs: number, opts: { symbols?: number; tradesPerSecond?: number } = {}) {
  const sim = createSimulator({
    seed,
    symbols: opts.symbols ?? 600,
    startTs: OPEN,
    tradesPerSecond: opts.tradesPerSecond ?? 40,
  });
  const { sink, tape } = recorder();
  for (let t = OPEN + stepMs; t < CLOSE; t += stepMs) sim.step(t, sink);
  sim.step(CLOSE, sink);
  return tape;
}

describe('universe', () => {
  it('has unique real tickers (at most every listing), never a test symbol, SPY/QQQ/DIA/IWM as ETFs, prices from $0.05', () => {
    // SIM_SYMBOLS above the shipped listings gets all of them and no made-up name.
    const refs = generateUniverse(7, 10_000);
    expect(refs).toHaveLength(maxUniverse());
    expect(new Set(refs.map((r) => r.sym)).size).toBe(maxUniverse());
    expect(generateUniverse(7, 500)).toHaveLength(500);
    for (const r of refs) {
      expect(r.sym).toMatch(/^[A-Z]{1,5}(\.[A-Z])?$/);
      expect(['NASDAQ', 'NYSE', 'BATS', 'ARCA']).toContain(r.exchange);
      expect(isTestSymbol(r.sym)).toBe(false);
      expect(r.prevClose).toBeGreaterThanOrEqual(0.05);
      expect(r.float).toBeGreaterThan(0);
      expect(r.avgVolume).toBeGreaterThan(0);
    }
    for (const s of ['SPY', 'QQQ', 'DIA', 'IWM']) {
      const r = refs.find((x) => x.sym === s);
      expect(r?.sector).toBe(82);
      expect(r?.prevClose).toBeGreaterThan(200);
    }
    expect(refs.find((r) => r.sym === 'AAPL')).toMatchObject({ name: 'Apple Inc.', exchange: 'NASDAQ' });
    // How prices, caps and sectors are spread: universe.us-listed-distribution.test.ts.
  });
});

// Whole simulated days: about 2 s each alone, several times that on a busy two-core machine.
describe('simulator', { timeout: 30_000 }, () => {
  it('is deterministic: same seed and steps, same events; different step sizes, same tape', () => {
    const a = runDay(11, 1_000, { tradesPerSecond: 10 });
    const b = runDay(11, 1_000, { tradesPerSecond: 10 });
    const c = runDay(11, 7_919, { tradesPerSecond: 10 });
    expect(a.lines.length).toBeGreaterThan(100_000);
    expect(a.statuses.length).toBeGreaterThan(0);
    expect(b.lines).toEqual(a.lines);
    expect(c.lines).toEqual(a.lines);
    expect(runDay(12, 60_000, { tradesPerSecond: 10 }).lines.slice(0, 50)).not.toEqual(a.lines.slice(0, 50));
  });

  it('prints positive prices on the tick grid, sizes as whole shares, in time order', () => {
    const { trades } = runDay(3, 60_000);
    let prev = OPEN;
    let bad = 0;
    for (const t of trades) {
      const scale = t.price >= 1 ? 100 : 10_000;
      if (!(t.price > 0) || Math.abs(t.price * scale - Math.round(t.price * scale)) > 1e-6) bad++;
      if (!Number.isInteger(t.size) || t.size < 1 || !Number.isInteger(t.ts) || t.ts < prev) bad++;
      prev = t.ts;
    }
    expect(trades.length).toBeGreaterThan(100_000);
    expect(bad).toBe(0);
    expect(trades.some((t) => t.price < 1)).toBe(true);
  });

  it('trades a U-shaped day: the first and last half hours busier than midday', () => {
    const { trades } = runDay(5, 60_000);
    const buckets = new Float64Array(13);
    for (const t of trades) {
      const k = Math.min(12, Math.floor((t.ts - OPEN) / 1_800_000));
      buckets[k] = (buckets[k] ?? 0) + t.size;
    }
    const midday = Math.min(...buckets.slice(4, 9));
    expect(buckets[0]).toBeGreaterThan(2 * midday);
    expect(buckets[12]).toBeGreaterThan(1.5 * midday);
  });

  it('halts with reason codes, each followed by a resume with the same reason', () => {
    const { statuses } = runDay(9, 60_000, { symbols: 2_000, tradesPerSecond: 60 });
    const halts = statuses.filter((s) => s.halted);
    expect(halts.length).toBeGreaterThan(0);
    const open = new Map<string, string>();
    for (const s of statuses) {
      expect(['LUDP', 'T1', 'T12', 'T2']).toContain(s.reason);
      if (s.halted) {
        expect(open.has(s.sym)).toBe(false);
        open.set(s.sym, s.reason);
      } else {
        expect(open.get(s.sym)).toBe(s.reason);
        open.delete(s.sym);
      }
    }
    // Only halts in the last minutes of the day may still be open at the close.
    for (const sym of open.keys()) {
      const h = halts.filter((x) => x.sym === sym).at(-1);
      expect(h?.ts).toBeGreaterThan(CLOSE - 45 * 60_000);
    }
  });

  it('delivers thousands of prints per simulated second at the default rate', () => {
    const sim = createSimulator({ seed: 1, startTs: OPEN });
    expect(sim.reference()).toHaveLength(maxUniverse());
    let n = 0;
    const sink: SimulatorSink = { trade: () => void n++, status: () => void n++ };
    sim.step(OPEN + 60_000, sink);
    expect(n / 60).toBeGreaterThan(5_000);
  });

  it('rolls over to the next trading day with prevClose = the last print', () => {
    const sim = createSimulator({ seed: 2, symbols: 200, startTs: OPEN, tradesPerSecond: 20 });
    const last = new Map<string, number>();
    const nextStart = sessionOfDay(DAY + 1)?.start ?? 0;
    const sink: SimulatorSink = {
      trade: (s, p, _z, ts) => void (ts < nextStart && last.set(s, p)),
      status: () => {},
    };
    sim.step(CLOSE + 3_600_000, sink);
    expect(sim.day).toBe(1);
    sim.step(nyWallToUtc(DAY + 1, 10 * 60), sink);
    expect(sim.day).toBe(2);
    const spy = sim.reference().find((r) => r.sym === 'SPY');
    expect(spy?.prevClose).toBe(last.get('SPY'));
  });
});

describe('openingBell', () => {
  it('is 09:30 New York of the current trading day, or of the next one on a weekend', () => {
    expect(openingBell(OPEN + 5 * 3_600_000)).toBe(OPEN);
    const saturday = Date.UTC(2025, 10, 29, 15);
    expect(openingBell(saturday)).toBe(sessionOfDay(DAY + 7)?.open);
  });
});
