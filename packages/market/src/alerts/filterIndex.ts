import type { DiscoveryRow } from '../discovery/row.ts';
import {
  type CompiledSmartFilter,
  conditionHolds,
  SECTOR_COLUMN,
  SMART_COLUMN_COUNT,
  sectorAllowed,
  smartValue,
} from '../discovery/smartFilter.ts';

// Many smart filters over one Discovery snapshot (filtered alerts: tens of thousands of filters
// a refresh). The snapshot's columns are read once through smartValue — the same reader as the
// row predicate — into typed arrays, only the columns some filter reads, and each column used gets
// a bucket index: a counting sort of its rows by the top KEY_BITS bits of the value as an order-preserving float32 key (sign,
// exponent and 5 bits of mantissa: buckets about 2 % wide, on a log scale, so dense and
// heavy-tailed columns alike split finely). Every condition is a set of intervals, so the
// buckets tell which rows it may let through and about how many: a filter scans only the rows
// of its most selective condition (`all`) or of all its conditions (`any`), and runs the full
// test on those. A filter matching a few rows costs a few µs.

const KEY_BITS = 14;
const BUCKETS = 1 << KEY_BITS;
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The bucket of x: monotone in x (x ≤ y ⇒ bucket(x) ≤ bucket(y)), −0 and +0 alike. */
function bucketOf(x: number): number {
  f32[0] = x === 0 ? 0 : x;
  const u = u32[0] as number;
  const sortable = u >= 0x80000000 ? ~u >>> 0 : (u | 0x80000000) >>> 0;
  return sortable >>> (32 - KEY_BITS);
}

interface ColumnIndex {
  /** Bucket j's rows are rows[start[j] … start[j + 1]). */
  readonly start: Int32Array;
  readonly rows: Int32Array;
}

/** What RowIndex reads: how many rows, and column c of each (smartValue of the row) laid out. */
export interface FilterColumns {
  readonly count: number;
  fill(column: number, out: Float64Array): void;
}

/** The columns of served rows, read through smartValue; `spy` is SPY's % change (NaN: unknown). */
export function rowColumns(rows: readonly DiscoveryRow[], spy: number): FilterColumns {
  return {
    count: rows.length,
    fill(c, out) {
      for (let i = 0; i < rows.length; i++) out[i] = smartValue(rows[i] as DiscoveryRow, c, spy);
    },
  };
}

export class RowIndex {
  readonly count: number;
  private readonly source: FilterColumns;
  private readonly values: (Float64Array | undefined)[] = new Array(SMART_COLUMN_COUNT);
  private readonly indexes: (ColumnIndex | undefined)[] = new Array(SMART_COLUMN_COUNT);
  private readonly seen: Uint32Array;
  private stamp = 0;
  /** Bucket span of the last `span` call: [from, to) in the column's rows. */
  private from = 0;
  private to = 0;

  constructor(source: FilterColumns) {
    this.source = source;
    this.count = source.count;
    this.seen = new Uint32Array(source.count);
  }

  column(c: number): Float64Array {
    let v = this.values[c];
    if (v === undefined) {
      v = new Float64Array(this.count);
      this.source.fill(c, v);
      this.values[c] = v;
    }
    return v;
  }

  private index(c: number): ColumnIndex {
    let x = this.indexes[c];
    if (x === undefined) {
      x = buildIndex(this.column(c));
      this.indexes[c] = x;
    }
    return x;
  }

  /** Sets [from, to) to the rows of column c in the buckets that [lo, hi] touches. */
  private span(c: number, lo: number, hi: number): void {
    const x = this.index(c);
    const first = bucketOf(lo);
    const last = bucketOf(hi);
    this.from = x.start[first] as number;
    this.to = Math.max(this.from, x.start[last + 1] as number);
  }

  /** Rows condition c of f may let through (c = −1: the sector list). An upper estimate. */
  private width(f: CompiledSmartFilter, c: number): number {
    let n = 0;
    if (c < 0) {
      for (const code of f.sectorList ?? []) {
        this.span(SECTOR_COLUMN, code, code);
        n += this.to - this.from;
      }
      return n;
    }
    const col = f.column[c] as number;
    for (let k = f.first[c] as number; k < (f.first[c + 1] as number); k++) {
      this.span(col, f.lo[k] as number, f.hi[k] as number);
      n += this.to - this.from;
    }
    return n;
  }

  /** The full test on row i (every column f reads is already laid out). */
  private test(f: CompiledSmartFilter, sectors: Float64Array, i: number): boolean {
    if (f.sectors !== null && !sectorAllowed(f, sectors[i] as number)) return false;
    const n = f.count;
    if (n === 0) return true;
    const values = this.values;
    for (let c = 0; c < n; c++) {
      const ok = conditionHolds(f, c, (values[f.column[c] as number] as Float64Array)[i] as number);
      if (f.any ? ok : !ok) return f.any;
    }
    return !f.any;
  }

  /** Tests the candidate rows of condition c (−1: the sector list), each once per match. */
  private scan(f: CompiledSmartFilter, c: number, out: Int32Array, n: number): number {
    const sectors = this.column(SECTOR_COLUMN);
    const stamp = this.stamp;
    const col = c < 0 ? SECTOR_COLUMN : (f.column[c] as number);
    const rows = this.index(col).rows;
    const spans = c < 0 ? (f.sectorList ?? []).length : (f.first[c + 1] as number) - (f.first[c] as number);
    for (let s = 0; s < spans; s++) {
      if (c < 0) {
        const code = (f.sectorList as readonly number[])[s] as number;
        this.span(col, code, code);
      } else {
        const k = (f.first[c] as number) + s;
        this.span(col, f.lo[k] as number, f.hi[k] as number);
      }
      for (let p = this.from; p < this.to; p++) {
        const i = rows[p] as number;
        if (this.seen[i] === stamp) continue;
        this.seen[i] = stamp;
        if (this.test(f, sectors, i)) out[n++] = i;
      }
    }
    return n;
  }

  /** Writes the indices of the rows f matches into out.rows (grown if short); answers how many. */
  match(f: CompiledSmartFilter, out: { rows: Int32Array }): number {
    if (out.rows.length < this.count) out.rows = new Int32Array(this.count);
    const rows = out.rows;
    if (f.count === 0 && f.sectors === null) {
      for (let i = 0; i < this.count; i++) rows[i] = i;
      return this.count;
    }
    for (let c = 0; c < f.count; c++) this.column(f.column[c] as number);
    this.stamp = this.stamp === 0xffffffff ? 1 : this.stamp + 1;
    if (this.stamp === 1) this.seen.fill(0);
    // Which rows to test: the sector list's, the narrowest condition's (`all`), or every
    // condition's (`any`), whichever is fewest.
    let best = f.sectors === null ? Number.POSITIVE_INFINITY : this.width(f, -1);
    let pick = -1;
    if (f.any) {
      let union = 0;
      for (let c = 0; c < f.count; c++) union += this.width(f, c);
      if (f.count > 0 && union < best) pick = -2;
    } else {
      for (let c = 0; c < f.count; c++) {
        const w = this.width(f, c);
        if (w < best) {
          best = w;
          pick = c;
        }
      }
    }
    if (pick !== -2) return this.scan(f, pick, rows, 0);
    let n = 0;
    for (let c = 0; c < f.count; c++) n = this.scan(f, c, rows, n);
    return n;
  }
}

/** The bucket index of a column: its known rows counting-sorted by bucketOf (NaN rows left out). */
function buildIndex(v: Float64Array): ColumnIndex {
  const count = v.length;
  const bucket = new Uint16Array(count);
  const start = new Int32Array(BUCKETS + 1);
  let known = 0;
  for (let i = 0; i < count; i++) {
    const x = v[i] as number;
    if (Number.isNaN(x)) continue;
    const b = bucketOf(x);
    bucket[i] = b;
    start[b + 1] = (start[b + 1] as number) + 1;
    known++;
  }
  for (let j = 0; j < BUCKETS; j++) start[j + 1] = (start[j + 1] as number) + (start[j] as number);
  const fill = start.slice(0, BUCKETS);
  const rows = new Int32Array(known);
  for (let i = 0; i < count; i++) {
    if (Number.isNaN(v[i] as number)) continue;
    const b = bucket[i] as number;
    rows[fill[b] as number] = i;
    fill[b] = (fill[b] as number) + 1;
  }
  return { start, rows };
}
