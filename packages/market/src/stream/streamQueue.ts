// Pending stream events between two drains, with no allocation on the trade path. Highs and
// lows are coalesced per symbol: a symbol that makes five new highs within one batch appears
// once, with its latest high and count (a batch is ≤ 250 ms, and the count shows the run).
// Each symbol is listed at most once per batch, so the id lists can never overflow their
// capacity. Halts are rare and all kept, in order, in a small ring that doubles when full.

export class StreamQueue {
  highIds: Int32Array;
  lowIds: Int32Array;
  highN = 0;
  lowN = 0;
  private highMark: Uint32Array;
  private lowMark: Uint32Array;
  private seq = 1;

  haltIds = new Int32Array(64);
  haltFlags = new Uint8Array(64);
  haltReasons = new Int32Array(64);
  haltN = 0;

  constructor(capacity: number) {
    this.highIds = new Int32Array(capacity);
    this.lowIds = new Int32Array(capacity);
    this.highMark = new Uint32Array(capacity);
    this.lowMark = new Uint32Array(capacity);
  }

  grow(capacity: number): void {
    const g32 = (a: Int32Array) => {
      const b = new Int32Array(capacity);
      b.set(a);
      return b;
    };
    const gu = (a: Uint32Array) => {
      const b = new Uint32Array(capacity);
      b.set(a);
      return b;
    };
    this.highIds = g32(this.highIds);
    this.lowIds = g32(this.lowIds);
    this.highMark = gu(this.highMark);
    this.lowMark = gu(this.lowMark);
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

  pushHalt(id: number, halted: boolean, reason: number): void {
    if (this.haltN === this.haltIds.length) {
      const n = this.haltN * 2;
      const ids = new Int32Array(n);
      ids.set(this.haltIds);
      const flags = new Uint8Array(n);
      flags.set(this.haltFlags);
      const reasons = new Int32Array(n);
      reasons.set(this.haltReasons);
      this.haltIds = ids;
      this.haltFlags = flags;
      this.haltReasons = reasons;
    }
    this.haltIds[this.haltN] = id;
    this.haltFlags[this.haltN] = halted ? 1 : 0;
    this.haltReasons[this.haltN] = reason;
    this.haltN++;
  }

  /** Starts the next batch. */
  clear(): void {
    this.highN = 0;
    this.lowN = 0;
    this.haltN = 0;
    this.seq = this.seq === 0xffffffff ? 1 : this.seq + 1;
    // After a wrap old marks could collide with the new seq; wiping them once in 4 billion is cheap.
    if (this.seq === 1) {
      this.highMark.fill(0);
      this.lowMark.fill(0);
    }
  }
}
