import { describe, expect, it } from 'vitest';
import { nyWallToUtc } from '../calendar/nyTime.ts';
import { createSimulator, type SimulatorSink } from './simulator.ts';
import { SIM_FORMS, type SimNewsKind } from './wire.ts';

// Monday 24 November 2025, a regular trading day.
const DAY = Math.floor(Date.UTC(2025, 10, 24) / 86_400_000);
const at = (h: number, m = 0) => nyWallToUtc(DAY, h * 60 + m);

interface Item {
  sym: string;
  ts: number;
  kind: SimNewsKind;
  form?: string;
  /** The end of the step that emitted it. */
  step: number;
}

function run(stepMs: number, withNews: boolean, from = at(9, 30), to = at(20)) {
  const sim = createSimulator({ seed: 11, symbols: 600, startTs: from, tradesPerSecond: 30 });
  const tape: string[] = [];
  const items: Item[] = [];
  let step = 0;
  const sink: SimulatorSink = {
    trade: (sym, price, size, ts) => tape.push(`t ${sym} ${price} ${size} ${ts}`),
    status: (sym, halted, reason, ts) => tape.push(`s ${sym} ${halted} ${reason} ${ts}`),
    ...(withNews
      ? {
          news: (sym: string, ts: number, kind: SimNewsKind, form?: string) =>
            items.push(form === undefined ? { sym, ts, kind, step } : { sym, ts, kind, form, step }),
        }
      : {}),
  };
  for (step = from + stepMs; step < to; step += stepMs) sim.step(step, sink);
  step = to;
  sim.step(to, sink);
  return { tape, items };
}

const withoutStep = (items: Item[]) => items.map(({ step: _, ...rest }) => rest);

describe('the simulated news wire', () => {
  const plain = run(60_000, false);
  const news = run(60_000, true);
  const other = run(7_000, true);

  it('leaves the tape byte for byte the same: same seed, same trades and halts with or without news', () => {
    expect(news.tape.length).toBeGreaterThan(1000);
    expect(news.tape).toEqual(plain.tape);
  });

  it('is deterministic: same seed, same items whatever the step size', () => {
    expect(news.items.length).toBeGreaterThan(100);
    expect(withoutStep(other.items)).toEqual(withoutStep(news.items));
  });

  it('gives each runner one pre-market catalyst (04:00–09:25), emitted at once when the simulator starts at the bell', () => {
    const catalysts = news.items.filter((i) => i.kind === 'catalyst');
    expect(catalysts.length).toBeGreaterThan(0);
    expect(new Set(catalysts.map((c) => c.sym)).size).toBe(catalysts.length);
    for (const c of catalysts) {
      expect(c.ts).toBeGreaterThanOrEqual(at(4));
      expect(c.ts).toBeLessThan(at(9, 25));
      expect(c.step).toBe(at(9, 31));
    }
  });

  it('files 8-K, 6-K, S-1, 424B5 and 10-Q about one per 4 minutes from 06:00, those before the start at once', () => {
    const filings = news.items.filter((i) => i.kind === 'filing');
    // 14 hours at one per 4 minutes: 210 on average.
    expect(filings.length).toBeGreaterThan(150);
    expect(filings.length).toBeLessThan(280);
    for (const f of filings) {
      expect(SIM_FORMS).toContain(f.form);
      expect(f.ts).toBeGreaterThanOrEqual(at(6));
      expect(f.ts).toBeLessThan(at(20));
      expect(f.ts).toBeLessThanOrEqual(f.step);
      if (f.ts > at(9, 31)) expect(f.step - f.ts).toBeLessThan(60_000);
    }
    expect(filings.filter((f) => f.ts < at(9, 30)).every((f) => f.step === at(9, 31))).toBe(true);
    const runners = new Set(news.items.filter((i) => i.kind === 'catalyst').map((i) => i.sym));
    const onRunners = filings.filter((f) => runners.has(f.sym)).length / filings.length;
    expect(onRunners).toBeGreaterThan(0.15);
    expect(onRunners).toBeLessThan(0.45);
  });

  it('reports the runners intraday news where the tape moves: spikes, and news halts (T1/T2/T12) with their status', () => {
    const runners = new Set(news.items.filter((i) => i.kind === 'catalyst').map((i) => i.sym));
    const intraday = news.items.filter((i) => i.kind === 'spike' || i.kind === 'halt');
    expect(intraday.length).toBeGreaterThan(0);
    for (const i of intraday) {
      expect(runners.has(i.sym)).toBe(true);
      expect(i.form).toBeUndefined();
    }
    for (const h of news.items.filter((i) => i.kind === 'halt')) {
      expect(news.tape).toContainEqual(
        expect.stringMatching(new RegExp(`^s ${h.sym} true T(1|2|12) ${h.ts}$`)),
      );
    }
  });

  it('a pre-market start emits catalysts as virtual time reaches them', () => {
    const early = run(60_000, true, at(4), at(9, 30));
    const catalysts = early.items.filter((i) => i.kind === 'catalyst');
    expect(catalysts.length).toBeGreaterThan(0);
    for (const c of catalysts) expect(c.step - c.ts).toBeLessThan(60_000);
  });
});
