// Reconnect delays: exponential, capped, with jitter so that many nodes dropped at once do not
// reconnect in lockstep (and trip a provider's connection limit together).

export interface BackoffOptions {
  /** First delay in ms (default 500). */
  baseMs?: number;
  /** Cap in ms (default 30,000). */
  maxMs?: number;
  /** Uniform in [0, 1); injectable for tests. */
  random?: () => number;
}

export class Backoff {
  private attempt = 0;
  private readonly baseMs: number;
  private readonly maxMs: number;
  private readonly random: () => number;

  constructor(options: BackoffOptions = {}) {
    this.baseMs = options.baseMs ?? 500;
    this.maxMs = options.maxMs ?? 30_000;
    this.random = options.random ?? Math.random;
  }

  /** Next delay: half the exponential step fixed, half random ("equal jitter"). */
  next(): number {
    const step = Math.min(this.maxMs, this.baseMs * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 30);
    return Math.round(step / 2 + (this.random() * step) / 2);
  }

  reset(): void {
    this.attempt = 0;
  }
}
