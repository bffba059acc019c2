// Pending stream events between two drains, with no allocation on the trade path. Highs and
// lows are coalesced per symbol: a symbol that makes five new highs within one batch appears
// once, with its latest high and count (a batch is ≤ 250 ms, and the count shows the run).
// Each symbol is listed at most once per batch, so the id lists can never overflow their
// capacity. Halts are rare and all kept, in order, in a small ring that doubles when full.
// Every symbol that traded is also listed once per batch ("touched"), for the alert evaluator's
// price, uVol and VWAP rules. A drain hands the batch's lists to `drained` (the two sets of
// arrays swap, nothing is copied or allocated), where they stay readable until the next drain.

/** One batch's events by symbol id, as the drain left them (highs and lows in time order). */
export class DrainedEvents {
  highIds: Int32Array;
  lowIds: Int32Array;
  touchedIds: Int32Array;
  highN = 0;
  lowN = 0;
  touchedN = 0;
  haltIds = new Int32Array(64);
  /** 1 halt, 0 resume. */
  haltFlags = new Uint8Array(64);
  /** Reason ids of the engine's `reasons` interner. */
  haltReasons = new Int32Array(64);
  /** Time of each halt or resume (the day table keeps only a symbol's latest). */
  haltTimes = new Float64Array(64);
  haltN = 0;

  constructor(capacity: number) {
    this.highIds = new Int32Array(capacity);
    this.lowIds = new Int32Array(capacity);
    this.touchedIds = new Int32Array(capacity);
  }
}

const grown32 = (a: Int32Array, capacity: number) => {
  const b = new Int32Array(capacity);
  b.set(a);
  return b;
};

export class StreamQueue {
  highIds: Int32Array;
  lowIds: Int32Array;
  highN = 0;
  lowN = 0;
  private highMark: Uint32Array;
  private lowMark: Uint32Array;
  private seq = 1;
  /**
   * Stream batches published so far (a drain with no entry publishes nothing): the last one's
   * `seq`. Counts from 0 with each engine, whose `epoch` tells its numbers apart.
   */
  published = 0;

  haltIds = new Int32Array(64);
  haltFlags = new Uint8Array(64);
  haltReasons = new Int32Array(64);
  haltTimes = new Float64Array(64);
  haltN = 0;

  touchedIds: Int32Array;
  touchedN = 0;
  private touchedMark: Uint32Array;
  /** The last drained batch (see the top of this file). */
  readonly drained: DrainedEvents;

  constructor(capacity: number) {
    this.highIds = new Int32Array(capacity);
    this.lowIds = new Int32Array(capacity);
    this.touchedIds = new Int32Array(capacity);
    this.highMark = new Uint32Array(capacity);
    this.lowMark = new Uint32Array(capacity);
    this.touchedMark = new Uint32Array(capacity);
    this.drained = new DrainedEvents(capacity);
  }

  grow(capacity: number): void {
    const g32 = (a: Int32Array) => grown32(a, capacity);
    const gu = (a: Uint32Array) => {
      const b = new Uint32Array(capacity);
      b.set(a);
      return b;
    };
    this.highIds = g32(this.highIds);
    this.lowIds = g32(this.lowIds);
    this.touchedIds = g32(this.touchedIds);
    this.highMark = gu(this.highMark);
    this.lowMark = gu(this.lowMark);
    this.touchedMark = gu(this.touchedMark);
    const d = this.drained;
    d.highIds = grown32(d.highIds, capacity);
    d.lowIds = grown32(d.lowIds, capacity);
    d.touchedIds = grown32(d.touchedIds, capacity);
  }

  /** Every accepted print: its symbol is listed once per batch. */
  markTouched(id: number): void {
    if (this.touchedMark[id] !== this.seq) {
      this.touchedMark[id] = this.seq;
      this.touchedIds[this.touchedN++] = id;
    }
  }

  markHigh(id: number): void {
    if (this.highMark[id] !== this.seq) {
      this.highMark[id] = this.seq;
      this.highIds[this.highN++] = id;
    }
  }

  markLow(id: number): void {
    if (this.lowMark[id] !== this.seq) {
      this.lowMark[id] = this.seq;
      this.lowIds[this.lowN++] = id;
    }
  }

  pushHalt(id: number, halted: boolean, reason: number, ts: number): void {
    if (this.haltN === this.haltIds.length) {
      const n = this.haltN * 2;
      const ids = new Int32Array(n);
      ids.set(this.haltIds);
      const flags = new Uint8Array(n);
      flags.set(this.haltFlags);
      const reasons = new Int32Array(n);
      reasons.set(this.haltReasons);
      const times = new Float64Array(n);
      times.set(this.haltTimes);
      this.haltIds = ids;
      this.haltFlags = flags;
      this.haltReasons = reasons;
      this.haltTimes = times;
    }
    this.haltIds[this.haltN] = id;
    this.haltFlags[this.haltN] = halted ? 1 : 0;
    this.haltReasons[this.haltN] = reason;
    this.haltTimes[this.haltN] = ts;
    this.haltN++;
  }

  /** Hands this batch to `drained` and starts the next one. */
  clear(): void {
    const d = this.drained;
    [d.highIds, this.highIds] = [this.highIds, d.highIds];
    [d.lowIds, this.lowIds] = [this.lowIds, d.lowIds];
    [d.touchedIds, this.touchedIds] = [this.touchedIds, d.touchedIds];
    [d.haltIds, this.haltIds] = [this.haltIds, d.haltIds];
    [d.haltFlags, this.haltFlags] = [this.haltFlags, d.haltFlags];
    [d.haltReasons, this.haltReasons] = [this.haltReasons, d.haltReasons];
    [d.haltTimes, this.haltTimes] = [this.haltTimes, d.haltTimes];
    d.highN = this.highN;
    d.lowN = this.lowN;
    d.touchedN = this.touchedN;
    d.haltN = this.haltN;
    this.highN = 0;
    this.lowN = 0;
    this.touchedN = 0;
    this.haltN = 0;
    this.seq = this.seq === 0xffffffff ? 1 : this.seq + 1;
    // After a wrap old marks could collide with the new seq; wiping them once in 4 billion is cheap.
    if (this.seq === 1) {
      this.highMark.fill(0);
      this.lowMark.fill(0);
      this.touchedMark.fill(0);
    }
  }
}
