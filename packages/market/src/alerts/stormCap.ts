// No alert storms (docs/alerts.md): per user at most ALERTS_PER_MINUTE alerts in a minute. The
// minute starts with the user's first alert; what does not fit is counted and, when the minute
// is over, becomes ONE digest ("12 more alerts: ABC, XYZ, …") naming up to DIGEST_SYMBOLS of
// the symbols held back. Time is the evaluator's `now`.
//
// A stream-category rule on a broad channel reaches every user of it on every new high, so a
// busy open holds back far more alerts than it sends: that path (a user already at the cap)
// is a few typed-array reads and writes, with no Set, map or allocation.

export const ALERTS_PER_MINUTE = 20;
export const STORM_WINDOW_MS = 60_000;
/** Symbols a digest lists (its count covers every alert held back). */
export const DIGEST_SYMBOLS = 20;

/** Called once per minute that overflowed: its start, how many alerts were held back and their symbols. */
export type DigestSink = (
  user: number,
  windowStart: number,
  count: number,
  symbols: readonly string[],
) => void;

export class StormCap {
  /** Per user: when the current minute began (NaN: none), alerts sent in it. Read-only outside. */
  start: Float64Array;
  sent: Int32Array;
  private dropped: Int32Array;
  /** Per user DIGEST_SYMBOLS slots of held-back symbols, first drop first, each once. */
  private names: string[];
  private named: Uint8Array;
  /** Users with a held-back count in an open minute. */
  private pending: number[] = [];
  private readonly digest: DigestSink;

  constructor(capacity: number, digest: DigestSink) {
    this.start = new Float64Array(capacity).fill(Number.NaN);
    this.sent = new Int32Array(capacity);
    this.dropped = new Int32Array(capacity);
    this.names = new Array<string>(capacity * DIGEST_SYMBOLS).fill('');
    this.named = new Uint8Array(capacity);
    this.digest = digest;
  }

  grow(capacity: number): void {
    const start = new Float64Array(capacity).fill(Number.NaN);
    start.set(this.start);
    const sent = new Int32Array(capacity);
    sent.set(this.sent);
    const dropped = new Int32Array(capacity);
    dropped.set(this.dropped);
    const named = new Uint8Array(capacity);
    named.set(this.named);
    const names = new Array<string>(capacity * DIGEST_SYMBOLS).fill('');
    for (let k = 0; k < this.names.length; k++) names[k] = this.names[k] as string;
    this.start = start;
    this.sent = sent;
    this.dropped = dropped;
    this.named = named;
    this.names = names;
  }

  /** Whether one more alert for `symbol` may go to user u now; if not, it is held for the digest. */
  admit(u: number, now: number, symbol: string): boolean {
    const s = this.start[u] as number;
    if (now < s + STORM_WINDOW_MS) {
      const sent = this.sent[u] as number;
      if (sent < ALERTS_PER_MINUTE) {
        this.sent[u] = sent + 1;
        return true;
      }
      this.hold(u, symbol);
      return false;
    }
    // No open minute (s is NaN or long past): this alert starts one.
    if ((this.dropped[u] as number) > 0) this.close(u);
    this.start[u] = now;
    this.sent[u] = 1;
    return true;
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
    this.named[u] = 0;
    this.pending = this.pending.filter((p) => p !== u);
  }

  /** Holds one alert back for the digest (the user is at the cap in an open minute). */
  hold(u: number, symbol: string): void {
    const d = this.dropped[u] as number;
    if (d === 0) this.pending.push(u);
    this.dropped[u] = d + 1;
    const n = this.named[u] as number;
    if (n === DIGEST_SYMBOLS) return;
    const base = u * DIGEST_SYMBOLS;
    for (let k = 0; k < n; k++) if (this.names[base + k] === symbol) return;
    this.names[base + n] = symbol;
    this.named[u] = n + 1;
  }

  private close(u: number): void {
    this.emit(u);
    this.pending = this.pending.filter((p) => p !== u);
  }

  private emit(u: number): void {
    const count = this.dropped[u] as number;
    const base = u * DIGEST_SYMBOLS;
    const symbols = this.names.slice(base, base + (this.named[u] as number));
    this.dropped[u] = 0;
    this.named[u] = 0;
    this.digest(u, this.start[u] as number, count, symbols);
  }
}
