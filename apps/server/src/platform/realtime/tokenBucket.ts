/** A token bucket's size and refill: `burst` calls at once, then `perSecond` on average. */
export interface BucketRate {
  burst: number;
  perSecond: number;
}

/**
 * Token buckets by key, in memory, on an injected clock. `take` answers null when a token was
 * there (and takes it), else the time (ms) the next one will be. Full buckets of keys that went
 * quiet are swept once the map grows, so memory follows active keys only.
 */
export class TokenBuckets<K> {
  private readonly buckets = new Map<K, { tokens: number; at: number }>();

  constructor(
    private readonly rate: BucketRate,
    private readonly now: () => number,
  ) {}

  take(key: K): number | null {
    const now = this.now();
    const { burst, perSecond } = this.rate;
    const held = this.buckets.get(key);
    const tokens = held ? Math.min(burst, held.tokens + ((now - held.at) * perSecond) / 1000) : burst;
    if (tokens < 1) {
      if (held) {
        held.tokens = tokens;
        held.at = now;
      }
      return now + Math.ceil(((1 - tokens) * 1000) / perSecond);
    }
    if (!held && this.buckets.size > 10_000) this.sweep(now);
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    return null;
  }

  delete(key: K): void {
    this.buckets.delete(key);
  }

  private sweep(now: number): void {
    const { burst, perSecond } = this.rate;
    for (const [key, held] of this.buckets)
      if (held.tokens + ((now - held.at) * perSecond) / 1000 >= burst) this.buckets.delete(key);
  }
}
