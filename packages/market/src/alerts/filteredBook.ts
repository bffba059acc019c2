import type { FilteredAlert } from '@tapeline/core';
import type { DiscoveryRow } from '../discovery/row.ts';
import { type CompiledSmartFilter, compileConditions, spyPriceDist } from '../discovery/smartFilter.ts';
import type { Timeframe } from '../timeframes.ts';
import { type FilterColumns, RowIndex, rowColumns } from './filterIndex.ts';

// Filtered (Pro Plus) alerts: a symbol fires when it newly enters a filter's result on the
// filter's timeframe, and may fire again once it has left the result. Identical filters (same
// compiled conditions, sectors and timeframe, whatever their names) are evaluated once per
// refresh and share their last result; each subscriber — a user's named filter — gets its own
// alert. A subscriber's first evaluation only records the result (the baseline), silently.
// Hysteresis (docs/alerts.md "Filtered alerts re-arm after 5 minutes out"): a symbol that left
// the result re-arms only once it has stayed out for FILTER_REARM_MS; back in sooner, it is
// silently in again, so a symbol flickering across a threshold fires once.

/** How long a symbol must stay out of a filter's result before entering it fires again. */
export const FILTER_REARM_MS = 5 * 60_000;

export interface FilterSub {
  readonly u: number;
  readonly name: string;
  baselined: boolean;
  readonly filter: DistinctFilter;
}

export class DistinctFilter {
  readonly subs: FilterSub[] = [];
  /** Symbols (book symbol indices) of the last result. */
  prev = new Int32Array(16);
  prevN = 0;
  /** Whether prev holds a result yet. */
  evaluated = false;
  /** By book symbol index: when the symbol last left the result (NaN: in it, or never in). */
  leftAt: Float64Array<ArrayBuffer> = new Float64Array(0);
  constructor(
    readonly key: string,
    readonly tf: Timeframe,
    readonly compiled: CompiledSmartFilter,
  ) {}
}

export type EnterSink = (sub: FilterSub, row: DiscoveryRow) => void;

/**
 * One Discovery refresh as the filters read it: its columns (filterIndex.ts), each row's symbol,
 * and a row's whole figures for an alert that goes out. Served rows (`rowsSnapshot`) or the
 * engine's columns read directly (discovery/columns.ts, the Alert lab).
 */
export interface FilterSnapshot extends FilterColumns {
  symbol(i: number): string;
  row(i: number): DiscoveryRow;
}

/** A snapshot of served rows. */
export function rowsSnapshot(rows: readonly DiscoveryRow[]): FilterSnapshot {
  return {
    ...rowColumns(rows, spyPriceDist(rows) ?? Number.NaN),
    symbol: (i) => (rows[i] as DiscoveryRow).s,
    row: (i) => rows[i] as DiscoveryRow,
  };
}

export class FilteredBook {
  private readonly distinct = new Map<string, DistinctFilter>();
  private readonly byTf = new Map<Timeframe, DistinctFilter[]>();
  private readonly byUser = new Map<number, FilterSub[]>();
  /** Filters removeUser left without subscribers, for prune. */
  private readonly emptied: DistinctFilter[] = [];
  private readonly symIndex = new Map<string, number>();
  private mark = new Uint32Array(1024);
  private markSeq = 0;
  private readonly buf = { rows: new Int32Array(0) };
  /** symbolsOf's memory: the last refresh's symbol at each position, and its book index. */
  private lastStr: (string | undefined)[] = [];
  private lastSym = new Int32Array(0);

  get size(): number {
    let n = 0;
    for (const subs of this.byUser.values()) n += subs.length;
    return n;
  }

  get distinctFilters(): number {
    return this.distinct.size;
  }

  /** Timeframes some filter watches: the ones worth computing Discovery rows for. */
  timeframes(): Timeframe[] {
    return [...this.byTf.keys()];
  }

  /** `baselined`: "name\0key" of the user's subscribers that had their baseline (from removeUser). */
  add(u: number, f: FilteredAlert, baselined: ReadonlySet<string>): void {
    const compiled = compileConditions(f);
    const tf = f.timeframe.min;
    const key = `${tf}|${compiled.key}`;
    let d = this.distinct.get(key);
    if (!d) {
      d = new DistinctFilter(key, tf, compiled);
      this.distinct.set(key, d);
      const list = this.byTf.get(tf);
      if (list) list.push(d);
      else this.byTf.set(tf, [d]);
    }
    // A subscriber that keeps an existing filter keeps its baseline: a setUser that changed
    // another rule must neither re-fire nor silence the next refresh.
    const kept = d.evaluated && baselined.has(`${f.name}\0${key}`);
    const sub: FilterSub = { u, name: f.name, baselined: kept, filter: d };
    d.subs.push(sub);
    const mine = this.byUser.get(u);
    if (mine) mine.push(sub);
    else this.byUser.set(u, [sub]);
  }

  /**
   * Drops user u's filters; answers those that had their baseline, for `add`. Filters left
   * without subscribers stay (with their last result) until `prune`, so a setUser that keeps
   * a filter finds it again.
   */
  removeUser(u: number): Set<string> {
    const had = new Set<string>();
    const mine = this.byUser.get(u);
    if (!mine) return had;
    this.byUser.delete(u);
    for (const sub of mine) {
      const d = sub.filter;
      if (sub.baselined) had.add(`${sub.name}\0${d.key}`);
      d.subs.splice(d.subs.indexOf(sub), 1);
      if (d.subs.length === 0) this.emptied.push(d);
    }
    return had;
  }

  /** Forgets the filters nobody subscribes to any more. */
  prune(): void {
    const emptied = this.emptied.splice(0);
    for (const d of emptied) {
      if (d.subs.length > 0 || this.distinct.get(d.key) !== d) continue;
      this.distinct.delete(d.key);
      const list = this.byTf.get(d.tf) ?? [];
      list.splice(list.indexOf(d), 1);
      if (list.length === 0) this.byTf.delete(d.tf);
    }
  }

  /**
   * One refresh of timeframe tf at `now`: calls `enter` for each subscriber and row that newly
   * entered the result, unless the row left it less than FILTER_REARM_MS ago.
   */
  evaluate(tf: Timeframe, snap: FilterSnapshot, enter: EnterSink, now: number): void {
    const list = this.byTf.get(tf);
    if (!list || list.length === 0) return;
    const index = new RowIndex(snap);
    const sym = this.symbolsOf(snap);
    for (const d of list) {
      const n = index.match(d.compiled, this.buf);
      const hits = this.buf.rows;
      if (d.leftAt.length < this.mark.length) d.leftAt = grownNaN(d.leftAt, this.mark.length);
      const left = d.leftAt;
      // Marks: seq = in the last result; seq2 = in this one too (so not left).
      let seq = this.nextMark();
      for (let k = 0; k < d.prevN; k++) this.mark[d.prev[k] as number] = seq;
      for (let k = 0; k < n; k++) {
        const row = hits[k] as number;
        const s = sym[row] as number;
        if (this.mark[s] === seq) continue;
        const out = left[s] as number;
        left[s] = Number.NaN;
        if (now - out < FILTER_REARM_MS) continue;
        for (const sub of d.subs) if (sub.baselined) enter(sub, snap.row(row));
      }
      seq = this.nextMark();
      for (let k = 0; k < n; k++) this.mark[sym[hits[k] as number] as number] = seq;
      for (let k = 0; k < d.prevN; k++) {
        const s = d.prev[k] as number;
        if (this.mark[s] !== seq) left[s] = now;
      }
      for (const sub of d.subs) sub.baselined = true;
      if (d.prev.length < n) d.prev = new Int32Array(Math.max(n, d.prev.length * 2));
      for (let k = 0; k < n; k++) d.prev[k] = sym[hits[k] as number] as number;
      d.prevN = n;
      d.evaluated = true;
    }
  }

  /**
   * Each row's book symbol index. A refresh lists mostly the same symbols at the same positions
   * as the last one (the engine's table's strings), so the last answer is checked first and the
   * map asked only for a symbol that moved.
   */
  private symbolsOf(snap: FilterSnapshot): Int32Array {
    if (this.lastSym.length < snap.count) {
      const grownSym = new Int32Array(Math.max(snap.count, this.lastSym.length * 2));
      grownSym.set(this.lastSym);
      this.lastSym = grownSym;
      this.lastStr.length = grownSym.length;
    }
    const sym = new Int32Array(snap.count);
    for (let i = 0; i < snap.count; i++) {
      const s = snap.symbol(i);
      if (this.lastStr[i] === s) sym[i] = this.lastSym[i] as number;
      else {
        const k = this.intern(s);
        sym[i] = k;
        this.lastSym[i] = k;
        this.lastStr[i] = s;
      }
    }
    return sym;
  }

  private intern(s: string): number {
    let i = this.symIndex.get(s);
    if (i === undefined) {
      i = this.symIndex.size;
      this.symIndex.set(s, i);
      if (i >= this.mark.length) {
        const grown = new Uint32Array(this.mark.length * 2);
        grown.set(this.mark);
        this.mark = grown;
      }
    }
    return i;
  }

  private nextMark(): number {
    this.markSeq = this.markSeq === 0xffffffff ? 1 : this.markSeq + 1;
    if (this.markSeq === 1) this.mark.fill(0);
    return this.markSeq;
  }
}

function grownNaN(x: Float64Array, n: number): Float64Array<ArrayBuffer> {
  const y = new Float64Array(n).fill(Number.NaN);
  y.set(x);
  return y;
}
