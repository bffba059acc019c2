import { UPDATES_ALL, UPDATES_HIGH_LOW, UPDATES_LAST, UPDATES_VOLUME } from '../conditions/conditions.ts';
import type { Bar } from '../events.ts';
import { applyBar, IND_STRIDE } from '../indicators/barState.ts';
import { ColumnGroup, type ColumnSpec } from '../state/columns.ts';
import { TF_COUNT } from '../timeframes.ts';

// Bars per symbol and timeframe: one forming bar, a ring of the last `history` completed bars
// and the indicator block those bars have advanced. Bars roll lazily: a symbol's forming bar
// is committed when a print (or a Discovery recompute) arrives in a later bar. A period with
// no prints produces no bar (gaps are not filled with flat bars).

export const BF_START = 0;
export const BF_OPEN = 1;
export const BF_HIGH = 2;
export const BF_LOW = 3;
export const BF_CLOSE = 4;
export const BF_VOLUME = 5;
export const BF_VALUE = 6;
export const BAR_FIELDS = 7;

export class BarStore {
  readonly cols: ColumnGroup;
  /** Start (UTC ms) of the forming bar; NaN when it has no print. */
  fStart!: Float64Array;
  fOpen!: Float64Array;
  fHigh!: Float64Array;
  fLow!: Float64Array;
  fClose!: Float64Array;
  fVolume!: Float64Array;
  fValue!: Float64Array;
  /** New highs / new lows of day made during the forming bar (momentum). */
  fHighs!: Uint32Array;
  fLows!: Uint32Array;
  hist!: Float64Array;
  hHead!: Int32Array;
  hLen!: Int32Array;
  ind!: Float64Array;

  constructor(
    capacity: number,
    readonly history: number,
  ) {
    const per = (name: string, kind: ColumnSpec['kind'], fill: number, width = 1): ColumnSpec => ({
      name,
      kind,
      stride: TF_COUNT * width,
      fill,
    });
    this.cols = new ColumnGroup(this, [
      per('fStart', 'f64', Number.NaN),
      per('fOpen', 'f64', Number.NaN),
      per('fHigh', 'f64', Number.NaN),
      per('fLow', 'f64', Number.NaN),
      per('fClose', 'f64', Number.NaN),
      per('fVolume', 'f64', 0),
      per('fValue', 'f64', 0),
      per('fHighs', 'u32', 0),
      per('fLows', 'u32', 0),
      per('hist', 'f64', Number.NaN, history * BAR_FIELDS),
      per('hHead', 'i32', 0),
      per('hLen', 'i32', 0),
      per('ind', 'f64', Number.NaN, IND_STRIDE),
    ]);
    this.cols.allocate(capacity);
  }

  /**
   * Adds a print to every timeframe's forming bar; starts[tf] is the bar holding its time. `upd`
   * says what the print may update (conditions.ts; default all): high/low only from prints
   * eligible for them, open/close only from last-eligible ones, volume and value only from
   * volume-eligible ones. A bar opened by a print that may not set the last opens at `ref` (the
   * last eligible price before it); with no such price, a print that sets no price opens no bar.
   */
  update(
    id: number,
    starts: Float64Array,
    price: number,
    size: number,
    newHigh: boolean,
    newLow: boolean,
    upd = UPDATES_ALL,
    ref = Number.NaN,
  ): void {
    const base = id * TF_COUNT;
    const sets = (upd & UPDATES_LAST) !== 0;
    const hl = (upd & UPDATES_HIGH_LOW) !== 0;
    let at = sets ? price : ref;
    if (Number.isNaN(at)) {
      if (!hl) return;
      at = price;
    }
    for (let tf = 0; tf < TF_COUNT; tf++) {
      const i = base + tf;
      const start = starts[tf] as number;
      const cur = this.fStart[i] as number;
      // A late print from an earlier bar is folded into the forming one rather than reopening history.
      if (!(cur >= start)) {
        if (!Number.isNaN(cur)) this.commit(id, tf);
        this.fStart[i] = start;
        this.fOpen[i] = at;
        this.fHigh[i] = at;
        this.fLow[i] = at;
        this.fClose[i] = at;
      }
      if (hl) {
        if (price > (this.fHigh[i] as number)) this.fHigh[i] = price;
        if (price < (this.fLow[i] as number)) this.fLow[i] = price;
      }
      if (sets) this.fClose[i] = price;
      if (upd & UPDATES_VOLUME) {
        this.fVolume[i] = (this.fVolume[i] as number) + size;
        this.fValue[i] = (this.fValue[i] as number) + price * size;
      }
      if (newHigh) this.fHighs[i] = (this.fHighs[i] as number) + 1;
      if (newLow) this.fLows[i] = (this.fLows[i] as number) + 1;
    }
  }

  /** Commits the forming bar if it began before `start` (the current bar of its timeframe). */
  rollTo(id: number, tf: number, start: number): void {
    const i = id * TF_COUNT + tf;
    const cur = this.fStart[i] as number;
    if (cur < start) this.commit(id, tf);
  }

  commit(id: number, tf: number): void {
    const i = id * TF_COUNT + tf;
    this.push(
      id,
      tf,
      this.fStart[i] as number,
      this.fOpen[i] as number,
      this.fHigh[i] as number,
      this.fLow[i] as number,
      this.fClose[i] as number,
      this.fVolume[i] as number,
      this.fValue[i] as number,
    );
    this.fStart[i] = Number.NaN;
    this.fOpen[i] = Number.NaN;
    this.fHigh[i] = Number.NaN;
    this.fLow[i] = Number.NaN;
    this.fClose[i] = Number.NaN;
    this.fVolume[i] = 0;
    this.fValue[i] = 0;
    this.fHighs[i] = 0;
    this.fLows[i] = 0;
  }

  /** Appends a completed bar to the ring and advances the indicators. */
  push(
    id: number,
    tf: number,
    start: number,
    open: number,
    high: number,
    low: number,
    close: number,
    volume: number,
    value: number,
  ): void {
    const i = id * TF_COUNT + tf;
    const head = this.hHead[i] as number;
    const o = (i * this.history + head) * BAR_FIELDS;
    const h = this.hist;
    h[o + BF_START] = start;
    h[o + BF_OPEN] = open;
    h[o + BF_HIGH] = high;
    h[o + BF_LOW] = low;
    h[o + BF_CLOSE] = close;
    h[o + BF_VOLUME] = volume;
    h[o + BF_VALUE] = value;
    this.hHead[i] = (head + 1) % this.history;
    if ((this.hLen[i] as number) < this.history) this.hLen[i] = (this.hLen[i] as number) + 1;
    applyBar(this.ind, i * IND_STRIDE, high, low, close);
  }

  /** Offset in `hist` of the k-th most recent completed bar (k = 0 the latest), or −1. */
  histOffset(id: number, tf: number, k: number): number {
    const i = id * TF_COUNT + tf;
    if (k >= (this.hLen[i] as number)) return -1;
    const slot = ((this.hHead[i] as number) - 1 - k + 2 * this.history) % this.history;
    return (i * this.history + slot) * BAR_FIELDS;
  }

  /** Completed bars, oldest first (allocates; for popups, seeding checks and tests). */
  bars(id: number, tf: number): Bar[] {
    const i = id * TF_COUNT + tf;
    const out: Bar[] = [];
    for (let k = (this.hLen[i] as number) - 1; k >= 0; k--) {
      const o = this.histOffset(id, tf, k);
      const h = this.hist;
      out.push({
        start: h[o + BF_START] as number,
        open: h[o + BF_OPEN] as number,
        high: h[o + BF_HIGH] as number,
        low: h[o + BF_LOW] as number,
        close: h[o + BF_CLOSE] as number,
        volume: h[o + BF_VOLUME] as number,
        value: h[o + BF_VALUE] as number,
      });
    }
    return out;
  }

  /** The latest completed bar's start, or NaN. */
  lastStart(id: number, tf: number): number {
    const o = this.histOffset(id, tf, 0);
    return o < 0 ? Number.NaN : (this.hist[o + BF_START] as number);
  }
}
