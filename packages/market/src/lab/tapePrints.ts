import { conditionsFromNames } from '../conditions/conditions.ts';
import type { SessionTape } from './sessionTape.ts';
import { EVENT_HALT, EVENT_RESUME } from './tapeFormat.ts';

// The prints a recorded minute bar stands for (docs/decisions.md "The Alert lab"): its open,
// high, low and close at the moments they printed, its volume shared so that the minute's VWAP
// terms come out as recorded. One expansion (`barPrints`) serves the replay's two loops and the
// forward moves, so all three see the same prints.

export const MINUTE = 60_000;
export const BATCH_MS = 250;
export const VOLUME_ONLY = conditionsFromNames(['odd_lot']);
export const HALT = -1;
export const RESUME = -2;

/** Scratch for one bar's prints: ms into the minute, price and size of each (at most 4). */
export interface BarPrints {
  readonly at: Float64Array;
  readonly price: Float64Array;
  readonly size: Float64Array;
}

export const barScratch = (): BarPrints => ({
  at: new Float64Array(4),
  price: new Float64Array(4),
  size: new Float64Array(4),
});

/**
 * Row i's regular prints into `out` (open, the first extreme, the other, close; distinct instants
 * only), in batch order; answers how many. A row of volume-only prints (no trade) answers 0: its
 * one print is `volumeOnlyPrint`'s.
 */
export function barPrints(t: SessionTape, i: number, out: BarPrints): number {
  if (t.trades[i] === 0) return 0;
  const pt = out.at;
  const pp = out.price;
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
  const v = t.volume[i] as number;
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
  const ps = out.size;
  for (let j = 0; j < k; j++) ps[j] = share + (j === hiAt ? delta : 0) - (j === loAt ? delta : 0);
  // A recorded instant may be out of order (a close stamped before the high): the prints go in by
  // 250 ms batch, in this order within one, as the engine thread's drains would take them.
  for (let j = 1; j < k; j++) {
    const a = pt[j] as number;
    const p = pp[j] as number;
    const z = ps[j] as number;
    const b = Math.floor(a / BATCH_MS);
    let q = j;
    for (; q > 0 && Math.floor((pt[q - 1] as number) / BATCH_MS) > b; q--) {
      pt[q] = pt[q - 1] as number;
      pp[q] = pp[q - 1] as number;
      ps[q] = ps[q - 1] as number;
    }
    pt[q] = a;
    pp[q] = p;
    ps[q] = z;
  }
  return k;
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

/** Every print and status event from `from` on (of the `only` symbols), bucketed by batch. */
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
  const bar = barScratch();
  for (let i = 0; i < t.rows; i++) {
    const s = t.sym[i] as number;
    if (only !== null && !only.has(s)) continue;
    const base = start + (t.minute[i] as number) * MINUTE;
    if (t.trades[i] === 0) {
      const at = base + (t.tClose[i] as number);
      if (at < from) continue;
      ts[n] = at;
      sym[n] = s;
      price[n] = t.avg[i] as number;
      size[n] = t.volume[i] as number;
      cond[n++] = VOLUME_ONLY;
      continue;
    }
    const k = barPrints(t, i, bar);
    for (let j = 0; j < k; j++) {
      const at = base + (bar.at[j] as number);
      if (at < from) continue;
      ts[n] = at;
      sym[n] = s;
      price[n] = bar.price[j] as number;
      size[n] = bar.size[j] as number;
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
