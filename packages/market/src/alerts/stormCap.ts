// No alert storms (docs/alerts.md): per user at most ALERTS_PER_MINUTE alerts in a minute. The
// minute starts with the user's first alert; what does not fit is counted and, when the minute
// is over, becomes ONE digest ("12 more alerts: ABC, XYZ, …"). Time is the evaluator's `now`.

export const ALERTS_PER_MINUTE = 20;
export const STORM_WINDOW_MS = 60_000;

/** Called once per minute that overflowed: its start, how many alerts were held back and their symbols. */
export type DigestSink = (
  user: number,
  windowStart: number,
  count: number,
  symbols: readonly string[],
) => void;

export class StormCap {
  private start: Float64Array;
  private sent: Int32Array;
  private dropped: Int32Array;
  /** Symbols held back in the user's current minute, first drop first, each once. */
  private readonly symbols: (Set<string> | undefined)[] = [];
  /** Users with a held-back count in an open minute. */
  private pending: number[] = [];
  private readonly digest: DigestSink;

  constructor(capacity: number, digest: DigestSink) {
    this.start = new Float64Array(capacity).fill(Number.NaN);
    this.sent = new Int32Array(capacity);
    this.dropped = new Int32Array(capacity);
    this.digest = digest;
  }

  grow(capacity: number): void {
    const start = new Float64Array(capacity).fill(Number.NaN);
    start.set(this.start);
    const sent = new Int32Array(capacity);
    sent.set(this.sent);
    const dropped = new Int32Array(capacity);
    dropped.set(this.dropped);
    this.start = start;
    this.sent = sent;
    this.dropped = dropped;
  }

  /** Whether one more alert for `symbol` may go to user u now; if not, it is held for the digest. */
  admit(u: number, now: number, symbol: string): boolean {
    const s = this.start[u] as number;
    if (Number.isNaN(s) || now >= s + STORM_WINDOW_MS) {
      if ((this.dropped[u] as number) > 0) this.close(u);
      this.start[u] = now;
      this.sent[u] = 1;
      return true;
    }
    if ((this.sent[u] as number) < ALERTS_PER_MINUTE) {
      this.sent[u] = (this.sent[u] as number) + 1;
      return true;
    }
    if (this.dropped[u] === 0) {
      this.pending.push(u);
      this.symbols[u] = new Set();
    }
    this.dropped[u] = (this.dropped[u] as number) + 1;
    this.symbols[u]?.add(symbol);
    return false;
  }

  /** Emits the digest of every minute that has ended by `now`. */
  flush(now: number): void {
    if (this.pending.length === 0) return;
    let keep = 0;
    for (const u of this.pending) {
      if (now >= (this.start[u] as number) + STORM_WINDOW_MS) this.emit(u);
      else this.pending[keep++] = u;
    }
    this.pending.length = keep;
  }

  /** Forgets a user (clearUser): a pending digest is dropped with the rules. */
  forget(u: number): void {
    this.start[u] = Number.NaN;
    this.sent[u] = 0;
    this.dropped[u] = 0;
    this.symbols[u] = undefined;
    this.pending = this.pending.filter((p) => p !== u);
  }

  private close(u: number): void {
    this.emit(u);
    this.pending = this.pending.filter((p) => p !== u);
  }

  private emit(u: number): void {
    const count = this.dropped[u] as number;
    const symbols = [...(this.symbols[u] ?? [])];
    const start = this.start[u] as number;
    this.dropped[u] = 0;
    this.symbols[u] = undefined;
    this.digest(u, start, count, symbols);
  }
}
