import type { SessionDay } from '../calendar/session.ts';
import { createRng, subSeed } from './prng.ts';

// The simulated news wire's scheduled items (docs/quotes-news.md §3, source "simulated"): a
// pre-market catalyst per runner and a stream of regulatory filings. They draw from their own
// generator, seeded by the session date, so the tape (the main generator's draws) stays byte
// for byte what it was without them. Spikes and halts come from the tape's own news clocks.

export type SimNewsKind = 'catalyst' | 'spike' | 'halt' | 'filing';

/** Forms of the simulated filings. */
export const SIM_FORMS = ['8-K', '6-K', 'S-1', '424B5', '10-Q'] as const;

const MINUTE = 60_000;
/** One filing every ~4 virtual minutes on average, 06:00–20:00. */
const FILING_EVERY_MS = 4 * MINUTE;
const FILINGS_FROM_MS = 2 * 60 * MINUTE;
/** Share of filings on the day's runners (the rest on any listed stock). */
const RUNNER_FILINGS = 0.3;
/** The stream of the simulator's seed the wire draws from (the tape uses 1). */
const WIRE_STREAM = 7_000;

/** A day's scheduled items in time order: symbol index, time (whole ms), kind, form index or −1. */
export interface WireDay {
  readonly sym: Int32Array;
  readonly ts: Float64Array;
  readonly kind: readonly SimNewsKind[];
  readonly form: Int8Array;
}

/**
 * The session's catalysts (one per runner, 04:00–09:25) and filings, sorted by time. `firstStock`
 * skips the index ETFs at the head of the universe: they file no 8-Ks.
 */
export function scheduleWire(
  seed: number,
  s: SessionDay,
  runners: Int32Array,
  count: number,
  firstStock: number,
): WireDay {
  const rng = createRng(subSeed(seed, WIRE_STREAM + (s.date % 1_000_000)));
  const items: { sym: number; ts: number; kind: SimNewsKind; form: number }[] = [];
  const catalystSpan = s.open - 5 * MINUTE - s.start;
  for (const r of runners)
    items.push({ sym: r, ts: Math.floor(s.start + rng.next() * catalystSpan), kind: 'catalyst', form: -1 });
  const stocks = Math.max(1, count - firstStock);
  for (
    let t = s.start + FILINGS_FROM_MS + rng.exp() * FILING_EVERY_MS;
    t < s.end;
    t += rng.exp() * FILING_EVERY_MS
  ) {
    const onRunner = runners.length > 0 && rng.next() < RUNNER_FILINGS;
    const sym = onRunner
      ? (runners[rng.int(runners.length)] as number)
      : Math.min(count - 1, firstStock + rng.int(stocks));
    items.push({ sym, ts: Math.floor(t), kind: 'filing', form: rng.int(SIM_FORMS.length) });
  }
  items.sort((a, b) => a.ts - b.ts || a.sym - b.sym);
  return {
    sym: Int32Array.from(items, (i) => i.sym),
    ts: Float64Array.from(items, (i) => i.ts),
    kind: items.map((i) => i.kind),
    form: Int8Array.from(items, (i) => i.form),
  };
}

export const emptyWire = (): WireDay => ({
  sym: new Int32Array(0),
  ts: new Float64Array(0),
  kind: [],
  form: new Int8Array(0),
});
