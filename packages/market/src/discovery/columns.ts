import { FILTER_COLUMNS, type FilterColumn } from '@tapeline/core';
import { lastPrice } from '../engine/metrics.ts';
import type { Timeframe } from '../timeframes.ts';
import {
  blankRow,
  type DiscoveryFrame,
  discoveryFrame,
  discoveryRow,
  fillRow,
  type RecomputeState,
  ROW_AV,
  ROW_BAR,
  ROW_IND,
  ROW_PRICE,
  ROW_REF,
  ROW_UV,
  ROW_VWAP,
} from './recompute.ts';
import type { DiscoveryRow } from './row.ts';
import { SMART_COLUMN_COUNT, smartValue } from './smartFilter.ts';

// A Discovery refresh read straight from the engine for filtered alerts, column by column
// (alerts/filteredBook.ts FilterSnapshot): a column some filter reads costs one fillRow of the
// fields behind it per symbol, into one reused row, then smartValue — the same two readers as a
// served row's — and nothing else is computed or allocated; a whole row is built only for a
// symbol whose alert goes out. The Alert lab refreshes the whole market once a minute of a
// session this way (lab/replay.ts); served rows would cost every column of every symbol.

/** The row fields (recompute.ts ROW_*) each smart-filter column reads. */
const NEEDS: Readonly<Record<FilterColumn, number>> = {
  atr: ROW_IND,
  avgVolume: ROW_AV,
  float: ROW_REF,
  gap: ROW_PRICE,
  last: 0,
  price_dist: ROW_PRICE,
  momentum: ROW_BAR,
  mf_price: ROW_BAR,
  mf_dist: ROW_BAR,
  rs: ROW_PRICE,
  short_ratio: ROW_REF,
  squeeze: ROW_IND,
  trend: ROW_IND,
  trend_change: ROW_IND,
  uVol: ROW_UV,
  rv_price: ROW_BAR,
  rv_dist: ROW_BAR,
  vWapDist: ROW_VWAP,
};
/** By smart column index (smartFilter.ts); the sector (last) is always filled. */
const NEED_OF = Int32Array.from({ length: SMART_COLUMN_COUNT }, (_, c) => {
  const name = FILTER_COLUMNS[c];
  return name === undefined ? 0 : NEEDS[name];
});
const RS_COLUMN = FILTER_COLUMNS.indexOf('rs');

export class EngineColumns {
  /** Rows of the last refresh: the symbols with a known price, in id order (as discoveryRows). */
  count = 0;
  private ids = new Int32Array(0);
  private frame: DiscoveryFrame | null = null;
  private readonly scratch = blankRow();

  constructor(private readonly e: RecomputeState) {}

  /** A refresh of `timeframe` at the engine clock; commits every listed symbol's ended bar. */
  refresh(timeframe: Timeframe): this {
    const e = this.e;
    const f = discoveryFrame(e, timeframe);
    this.frame = f;
    if (this.ids.length < e.table.count) this.ids = new Int32Array(e.table.capacity);
    let n = 0;
    for (let id = 0; id < e.table.count; id++) {
      if (!(lastPrice(e, id) > 0)) continue;
      e.bars.rollTo(id, f.tf, f.curStart);
      this.ids[n++] = id;
    }
    this.count = n;
    return this;
  }

  fill(c: number, out: Float64Array): void {
    const f = this.current();
    const need = NEED_OF[c] as number;
    const spy = c === RS_COLUMN ? this.spyPriceDist(f) : Number.NaN;
    const row = this.scratch;
    for (let i = 0; i < this.count; i++) {
      fillRow(this.e, f, this.ids[i] as number, need, row);
      out[i] = smartValue(row, c, spy);
    }
  }

  symbol(i: number): string {
    return this.e.table.symbols[this.ids[i] as number] as string;
  }

  row(i: number): DiscoveryRow {
    return discoveryRow(this.e, this.current(), this.ids[i] as number) as DiscoveryRow;
  }

  /** SPY's % change (smartFilter.ts spyPriceDist), NaN when it has no row or no reference. */
  private spyPriceDist(f: DiscoveryFrame): number {
    const id = this.e.table.idOf('SPY');
    const row = this.scratch;
    if (id < 0 || !fillRow(this.e, f, id, ROW_PRICE, row) || row.p === null) return Number.NaN;
    return row.p[0];
  }

  private current(): DiscoveryFrame {
    if (this.frame === null) throw new Error('EngineColumns: refresh first');
    return this.frame;
  }
}
