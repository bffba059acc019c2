import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './tokenBucket.ts';

describe('TokenBuckets', () => {
  it('lets a burst through, then refills on the injected clock and says when the next token comes', () => {
    let now = 1_000_000;
    const buckets = new TokenBuckets<string>({ burst: 3, perSecond: 2 }, () => now);
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a')]).toEqual([null, null, null]);
    expect(buckets.take('a')).toBe(now + 500);
    expect(buckets.take('b')).toBeNull();
    now += 500;
    expect(buckets.take('a')).toBeNull();
    expect(buckets.take('a')).toBe(now + 500);
    now += 60_000;
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a'), buckets.take('a')]).toEqual([
      null,
      null,
      null,
      now + 500,
    ]);
  });
});
