import type { Rng } from './prng.ts';

// News clocks for the day's runners: each runner gets news as a Poisson process (one item every
// hour on average); a news item opens a window of hard buying (drift per print) or a halt.

const NEWS_EVERY_MS = 60 * 60_000;
/** Share of the runners' prints that go to a runner whose news is in progress (if any is). */
export const NEWS_PICK_SHARE = 0.1;

export class NewsBook {
  /** Next news instant per runner slot. */
  readonly next: Float64Array;
  /** End of the current news window per slot (spike in progress while ts < until). */
  readonly until: Float64Array;
  /** Extra log-drift per print during the window. */
  readonly drift: Float64Array;
  /** Earliest pending news (Infinity without runners). */
  earliest = Number.POSITIVE_INFINITY;

  constructor(
    runners: number,
    private readonly rng: Rng,
    from: number,
  ) {
    this.next = new Float64Array(runners);
    this.until = new Float64Array(runners);
    this.drift = new Float64Array(runners);
    for (let k = 0; k < runners; k++) this.next[k] = from + rng.exp() * NEWS_EVERY_MS;
    this.refresh();
  }

  private refresh(): void {
    this.earliest = Number.POSITIVE_INFINITY;
    for (let k = 0; k < this.next.length; k++)
      this.earliest = Math.min(this.earliest, this.next[k] as number);
  }

  /** The slot whose news is due first; its clock moves on to the following item. */
  pop(): number {
    let k = 0;
    for (let j = 1; j < this.next.length; j++) if ((this.next[j] as number) < (this.next[k] as number)) k = j;
    this.next[k] = (this.next[k] as number) + this.rng.exp() * NEWS_EVERY_MS;
    this.refresh();
    return k;
  }

  /** A runner slot for the next runner print: NEWS_PICK_SHARE of them go to names with news in progress. */
  pick(ts: number): number {
    const n = this.next.length;
    const start = this.rng.int(n);
    if (this.rng.next() < NEWS_PICK_SHARE) {
      for (let j = 0; j < n; j++) {
        const k = (start + j) % n;
        if ((this.until[k] as number) > ts) return k;
      }
    }
    return start;
  }
}
