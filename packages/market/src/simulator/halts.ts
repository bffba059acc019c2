// The simulator's open halts: typed arrays and a short list of halted symbols (rarely more than a
// handful), with the earliest resume instant cached so the hot loop checks one number per print.

/**
 * Reason codes the simulator uses: LULD volatility pause, news pending, information requested,
 * news released (a T1 that the exchange closes with the news out).
 */
export const REASONS = ['LUDP', 'T1', 'T12', 'T2'] as const;
export const LUDP = 0;
export const T1 = 1;
export const T12 = 2;
export const T2 = 3;
/**
 * The reasons of a day's news halts, in turn from a seeded start: news pending twice as often as
 * news released or information requested, and any four news halts in a row hold all three, so
 * the mix shows in the first half hour as well as over a day. LUDP pauses come from the bands.
 */
export const NEWS_HALT_CYCLE = [T1, T2, T1, T12] as const;

export class HaltBook {
  /** Resume instant per symbol; 0 = trading. */
  readonly until: Float64Array;
  readonly code: Uint8Array;
  private readonly ids: Int32Array;
  private count = 0;
  /** Earliest pending resume (Infinity when nothing is halted). */
  next = Number.POSITIVE_INFINITY;

  constructor(symbols: number) {
    this.until = new Float64Array(symbols);
    this.code = new Uint8Array(symbols);
    this.ids = new Int32Array(symbols);
  }

  add(i: number, code: number, until: number): void {
    this.until[i] = until;
    this.code[i] = code;
    this.ids[this.count++] = i;
    if (until < this.next) this.next = until;
  }

  /** Removes the halt that resumes first and returns its symbol; read until/code before calling again. */
  popEarliest(): number {
    const { ids, until } = this;
    let k = 0;
    for (let j = 1; j < this.count; j++)
      if ((until[ids[j] as number] as number) < (until[ids[k] as number] as number)) k = j;
    const i = ids[k] as number;
    ids[k] = ids[--this.count] as number;
    this.next = Number.POSITIVE_INFINITY;
    for (let j = 0; j < this.count; j++) this.next = Math.min(this.next, until[ids[j] as number] as number);
    return i;
  }
}
