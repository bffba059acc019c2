import type { FiredDraft, RuleSet } from '@tapeline/core';
import { AlertEvaluator } from '../alerts/AlertEvaluator.ts';
import { conditionsFromNames } from '../conditions/conditions.ts';
import { discoveryRows } from '../discovery/recompute.ts';
import { MarketEngine } from '../engine/MarketEngine.ts';
import type { SessionTape } from './sessionTape.ts';
import { EVENT_HALT, EVENT_RESUME } from './tapeFormat.ts';

// A recorded session replayed through the live code (docs/alerts.md "Alert lab"): a MarketEngine
// restored to the session's opening state takes the prints each minute bar stands for — its open,
// high, low and close at the moments they printed, its volume shared so that the minute's VWAP
// terms come out as recorded — and the halts at their times, drained every 250 ms of session time
// like the engine thread, and the AlertEvaluator hears each drain (onBatch) and, for filtered
// alerts, a Discovery refresh each `filteredEveryMs`. Nothing is read ahead: at every step the
// engine holds only what had printed by then.

const MINUTE = 60_000;
export const BATCH_MS = 250;
/** The lab's Discovery refresh for filtered alerts (live: every second; see docs/alerts.md). */
export const LAB_FILTERED_EVERY_MS = 60_000;
const VOLUME_ONLY = conditionsFromNames(['odd_lot']);
const HALT = -1;
const RESUME = -2;
export const LAB_USER = '00000000-0000-4000-8000-00000000001a';

/** The session's prints as the bars stand for them, in time order (bucketed by batch). */
export interface Prints {
  n: number;
  ts: Float64Array;
  sym: Int32Array;
  price: Float64Array;
  size: Float64Array;
  /** Sale conditions; HALT / RESUME for a status event (`sym` then names the symbol). */
  cond: Int32Array;
  /** For a status event: its reason. */
  reason: (string | undefined)[];
}

/** Up to 4 prints per bar (open, the first extreme, the other, close), distinct instants only. */
export function tapePrints(
  t: SessionTape,
  from = Number.NEGATIVE_INFINITY,
  only: ReadonlySet<number> | null = null,
): Prints {
  const start = t.session.start;
  const cap = t.rows * 4 + t.events;
  const ts = new Float64Array(cap);
  const sym = new Int32Array(cap);
  const price = new Float64Array(cap);
  const size = new Float64Array(cap);
  const cond = new Int32Array(cap);
  const reason: (string | undefined)[] = [];
  let n = 0;
  const pt = new Float64Array(4);
  const pp = new Float64Array(4);
  for (let i = 0; i < t.rows; i++) {
    const s = t.sym[i] as number;
    if (only !== null && !only.has(s)) continue;
    const base = start + (t.minute[i] as number) * MINUTE;
    const v = t.volume[i] as number;
    if (t.trades[i] === 0) {
      const at = base + (t.tClose[i] as number);
      if (at < from) continue;
      ts[n] = at;
      sym[n] = s;
      price[n] = t.avg[i] as number;
      size[n] = v;
      cond[n++] = VOLUME_ONLY;
      continue;
    }
    const hiFirst = (t.tHigh[i] as number) <= (t.tLow[i] as number);
    let k = add(pt, pp, 0, t.tOpen[i] as number, t.open_[i] as number);
    if (hiFirst) {
      k = add(pt, pp, k, t.tHigh[i] as number, t.high[i] as number);
      k = add(pt, pp, k, t.tLow[i] as number, t.low[i] as number);
    } else {
      k = add(pt, pp, k, t.tLow[i] as number, t.low[i] as number);
      k = add(pt, pp, k, t.tHigh[i] as number, t.high[i] as number);
    }
    k = add(pt, pp, k, t.tClose[i] as number, t.close[i] as number);
    // Equal shares, then volume moved between the high and low prints so Σ price × size is the
    // recorded minute's (its VWAP terms), as far as the shares allow.
    const share = v / k;
    let sum = 0;
    for (let j = 0; j < k; j++) sum += (pp[j] as number) * share;
    let hiAt = 0;
    let loAt = 0;
    for (let j = 1; j < k; j++) {
      if ((pp[j] as number) > (pp[hiAt] as number)) hiAt = j;
      if ((pp[j] as number) < (pp[loAt] as number)) loAt = j;
    }
    const spread = (pp[hiAt] as number) - (pp[loAt] as number);
    let delta = spread > 0 ? ((t.avg[i] as number) * v - sum) / spread : 0;
    if (Math.abs(delta) < 1e-9 * v) delta = 0;
    delta = Math.max(-share, Math.min(share, delta));
    for (let j = 0; j < k; j++) {
      const at = base + (pt[j] as number);
      if (at < from) continue;
      ts[n] = at;
      sym[n] = s;
      price[n] = pp[j] as number;
      size[n] = share + (j === hiAt ? delta : 0) - (j === loAt ? delta : 0);
      cond[n++] = 0;
    }
  }
  for (let i = 0; i < t.events; i++) {
    const kind = t.eKind[i] as number;
    if ((kind !== EVENT_HALT && kind !== EVENT_RESUME) || (t.eTs[i] as number) < from) continue;
    if (only !== null && !only.has(t.eSym[i] as number)) continue;
    ts[n] = t.eTs[i] as number;
    sym[n] = t.eSym[i] as number;
    price[n] = Number.NaN;
    size[n] = 0;
    reason[n] = t.eReason[i];
    cond[n++] = kind === EVENT_HALT ? HALT : RESUME;
  }
  return sortByBatch({ n, ts, sym, price, size, cond, reason }, start);
}

/** Appends a print at ms `at` of price p to the bar's k prints; one at the same ms replaces it. */
function add(pt: Float64Array, pp: Float64Array, k: number, at: number, p: number): number {
  if (k > 0 && pt[k - 1] === at) {
    pp[k - 1] = p;
    return k;
  }
  pt[k] = at;
  pp[k] = p;
  return k + 1;
}

/** A stable counting sort by 250 ms batch: a symbol's prints keep their order within a batch. */
function sortByBatch(p: Prints, start: number): Prints {
  const buckets = Math.ceil((16 * 60 * MINUTE) / BATCH_MS) + 1;
  const count = new Uint32Array(buckets + 1);
  const b = new Uint32Array(p.n);
  for (let i = 0; i < p.n; i++) {
    const k = Math.min(buckets - 1, Math.max(0, Math.floor(((p.ts[i] as number) - start) / BATCH_MS)));
    b[i] = k;
    count[k + 1] = (count[k + 1] as number) + 1;
  }
  for (let k = 1; k <= buckets; k++) count[k] = (count[k] as number) + (count[k - 1] as number);
  const out: Prints = {
    n: p.n,
    ts: new Float64Array(p.n),
    sym: new Int32Array(p.n),
    price: new Float64Array(p.n),
    size: new Float64Array(p.n),
    cond: new Int32Array(p.n),
    reason: new Array(p.n),
  };
  for (let i = 0; i < p.n; i++) {
    const at = count[b[i] as number] as number;
    count[b[i] as number] = at + 1;
    out.ts[at] = p.ts[i] as number;
    out.sym[at] = p.sym[i] as number;
    out.price[at] = p.price[i] as number;
    out.size[at] = p.size[i] as number;
    out.cond[at] = p.cond[i] as number;
    out.reason[at] = p.reason[i];
  }
  return out;
}

export interface ReplayOptions {
  filteredEveryMs?: number;
  /** Asked between batches; true stops the replay (a cancelled backtest). */
  stopped?: () => boolean;
}

/**
 * Replays one session for one rule set; answers what fired, in order (storm-cap digests left
 * out: they carry no price). `prints` may be passed when several rule sets share a session.
 */
export function replaySession(
  tape: SessionTape,
  set: RuleSet,
  options: ReplayOptions = {},
  prints: Prints = tapePrints(tape, tape.open.takenAt),
): FiredDraft[] {
  const every = options.filteredEveryMs ?? LAB_FILTERED_EVERY_MS;
  // A state taken before 04:00 (at the roll, on the previous session's clock) opens this session.
  const clock = new Float64Array([Math.max(tape.open.takenAt, tape.session.start)]);
  const engine = new MarketEngine({
    clock: () => clock[0] as number,
    // Sized to the tape: a one-symbol block restores in milliseconds, 1,024 symbols cost ~0.1 s.
    capacity: Math.max(16, tape.open.symbols.length, tape.symbols.length),
  });
  const restored = engine.restore(tape.open);
  if (!restored.ok) throw new Error(`session ${tape.session.date}: ${restored.reason}`);
  const ids = Int32Array.from(tape.symbols, (s) => engine.table.intern(s));
  const fired: FiredDraft[] = [];
  const ev = new AlertEvaluator((a) => {
    if (a.kind !== 'digest') fired.push(a);
  });
  ev.setUser(LAB_USER, set);
  const filtered = ev.filteredTimeframes().length > 0;
  const start = tape.session.start;
  let nextRefresh = start + every * Math.ceil(((clock[0] as number) - start + 1) / every);
  let printedSinceRefresh = false;
  let i = 0;
  while (i < prints.n) {
    if (options.stopped?.()) return fired;
    const bucket = Math.floor(((prints.ts[i] as number) - start) / BATCH_MS);
    const batchEnd = start + (bucket + 1) * BATCH_MS;
    if (filtered && printedSinceRefresh && batchEnd - BATCH_MS >= nextRefresh) {
      // The first refresh due after the last prints: it sees them, and nothing printed since.
      refresh(engine, ev, clock, nextRefresh);
      printedSinceRefresh = false;
      nextRefresh += every * Math.ceil((batchEnd - BATCH_MS - nextRefresh + 1) / every);
    }
    for (; i < prints.n && (prints.ts[i] as number) < batchEnd; i++) {
      const ts = prints.ts[i] as number;
      const id = ids[prints.sym[i] as number] as number;
      clock[0] = ts;
      const c = prints.cond[i] as number;
      if (c === HALT || c === RESUME) {
        engine.ingestStatus({
          sym: tape.symbols[prints.sym[i] as number] as string,
          halted: c === HALT,
          reason: prints.reason[i] ?? '',
          ts,
        });
      } else engine.ingestTrade(id, prints.price[i] as number, prints.size[i] as number, ts, c);
    }
    printedSinceRefresh = true;
    clock[0] = batchEnd;
    engine.drainBatch();
    ev.onBatch(engine, batchEnd);
  }
  if (filtered && printedSinceRefresh) refresh(engine, ev, clock, Math.max(nextRefresh, clock[0] as number));
  return fired;
}

function refresh(engine: MarketEngine, ev: AlertEvaluator, clock: Float64Array, at: number): void {
  clock[0] = at;
  for (const tf of ev.filteredTimeframes()) ev.onDiscovery(tf, discoveryRows(engine, tf), at);
  ev.tick(at);
}
