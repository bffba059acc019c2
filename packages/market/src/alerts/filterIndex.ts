import type { DiscoveryRow } from '../discovery/row.ts';
import {
  type CompiledSmartFilter,
  conditionHolds,
  SECTOR_COLUMN,
  SMART_COLUMN_COUNT,
  sectorAllowed,
  smartValue,
} from '../discovery/smartFilter.ts';

// Many smart filters over one Discovery snapshot (filtered alerts: thousands of filters a
// refresh). The snapshot's columns are read once through smartValue — the same reader as the
// row predicate — into typed arrays, and each column used is sorted once. Every condition is a
// set of intervals, so a binary search tells how many rows it lets through; a filter scans only
// the rows of its most selective condition (`all`) or the union of its conditions (`any`) and
// runs the full test on those. A filter that matches a handful of rows costs a few µs.

export class RowIndex {
  readonly count: number;
  private readonly rows: readonly DiscoveryRow[];
  private readonly spy: number;
  private readonly values: (Float64Array | undefined)[] = new Array(SMART_COLUMN_COUNT);
  /** Rows with a known value, by value ascending, and those values. */
  private readonly order: (Int32Array | undefined)[] = new Array(SMART_COLUMN_COUNT);
  private readonly keys: (Float64Array | undefined)[] = new Array(SMART_COLUMN_COUNT);
  private readonly seen: Uint32Array;
  private stamp = 0;

  constructor(rows: readonly DiscoveryRow[], spyPriceDist: number | null) {
    this.rows = rows;
    this.count = rows.length;
    this.spy = spyPriceDist ?? Number.NaN;
    this.seen = new Uint32Array(rows.length);
  }

  column(c: number): Float64Array {
    let v = this.values[c];
    if (v === undefined) {
      v = new Float64Array(this.count);
      for (let i = 0; i < this.count; i++) v[i] = smartValue(this.rows[i] as DiscoveryRow, c, this.spy);
      this.values[c] = v;
    }
    return v;
  }

  private sorted(c: number): void {
    if (this.order[c] !== undefined) return;
    const v = this.column(c);
    let n = 0;
    const order = new Int32Array(this.count);
    for (let i = 0; i < this.count; i++) if (!Number.isNaN(v[i] as number)) order[n++] = i;
    const known = order.subarray(0, n);
    known.sort((a, b) => (v[a] as number) - (v[b] as number) || a - b);
    const keys = new Float64Array(n);
    for (let k = 0; k < n; k++) keys[k] = v[known[k] as number] as number;
    this.order[c] = known;
    this.keys[c] = keys;
  }

  /** Positions [from, to) in column c's order whose values lie in [lo, hi]. */
  private span(c: number, lo: number, hi: number, out: Int32Array): void {
    this.sorted(c);
    const keys = this.keys[c] as Float64Array;
    out[0] = lowerBound(keys, lo);
    out[1] = Math.max(out[0] as number, upperBound(keys, hi));
  }

  private readonly pair = new Int32Array(2);

  /** Rows condition c of f lets through (or the sector list, for c = −1). */
  private width(f: CompiledSmartFilter, c: number): number {
    let n = 0;
    this.each(f, c, (from, to) => {
      n += to - from;
    });
    return n;
  }

  private each(
    f: CompiledSmartFilter,
    c: number,
    visit: (from: number, to: number, col: number) => void,
  ): void {
    if (c < 0) {
      for (const code of f.sectorList ?? []) {
        this.span(SECTOR_COLUMN, code, code, this.pair);
        visit(this.pair[0] as number, this.pair[1] as number, SECTOR_COLUMN);
      }
      return;
    }
    const col = f.column[c] as number;
    for (let k = f.first[c] as number; k < (f.first[c + 1] as number); k++) {
      this.span(col, f.lo[k] as number, f.hi[k] as number, this.pair);
      visit(this.pair[0] as number, this.pair[1] as number, col);
    }
  }

  /** The full test on row i, from the columns. */
  matchesAt(f: CompiledSmartFilter, i: number): boolean {
    if (f.sectors !== null && !sectorAllowed(f, this.column(SECTOR_COLUMN)[i] as number)) return false;
    const n = f.count;
    if (n === 0) return true;
    for (let c = 0; c < n; c++) {
      const ok = conditionHolds(f, c, this.column(f.column[c] as number)[i] as number);
      if (f.any ? ok : !ok) return f.any;
    }
    return !f.any;
  }

  /** Writes the indices of the rows f matches into out (grown if short); answers how many. */
  match(f: CompiledSmartFilter, out: { rows: Int32Array }): number {
    if (out.rows.length < this.count) out.rows = new Int32Array(this.count);
    const rows = out.rows;
    let n = 0;
    // Which rows to look at: all of them, the sector list's, or a condition's (see top).
    const candidates: number[] = [];
    if (f.count === 0 && f.sectors === null) {
      for (let i = 0; i < this.count; i++) rows[n++] = i;
      return n;
    }
    let best = f.sectors === null ? Number.POSITIVE_INFINITY : this.width(f, -1);
    let pick = f.sectors === null ? -2 : -1;
    if (f.any && f.count > 0) {
      let union = 0;
      for (let c = 0; c < f.count; c++) union += this.width(f, c);
      if (union < best) pick = -3;
    } else {
      for (let c = 0; c < f.count; c++) {
        const w = this.width(f, c);
        if (w < best) {
          best = w;
          pick = c;
        }
      }
    }
    if (pick === -3) for (let c = 0; c < f.count; c++) candidates.push(c);
    else candidates.push(pick);
    this.stamp = this.stamp === 0xffffffff ? 1 : this.stamp + 1;
    if (this.stamp === 1) this.seen.fill(0);
    const stamp = this.stamp;
    for (const c of candidates) {
      this.each(f, c, (from, to, col) => {
        const order = this.order[col] as Int32Array;
        for (let k = from; k < to; k++) {
          const i = order[k] as number;
          if (this.seen[i] === stamp) continue;
          this.seen[i] = stamp;
          if (this.matchesAt(f, i)) rows[n++] = i;
        }
      });
    }
    return n;
  }
}

function lowerBound(a: Float64Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function upperBound(a: Float64Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
