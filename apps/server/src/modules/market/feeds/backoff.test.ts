import { describe, expect, it } from 'vitest';
import { Backoff } from './backoff.ts';

describe('backoff', () => {
  it('doubles up to the cap with jitter in [step/2, step], and starts over on reset', () => {
    const low = new Backoff({ baseMs: 100, maxMs: 1_000, random: () => 0 });
    expect([low.next(), low.next(), low.next(), low.next(), low.next(), low.next()]).toEqual([
      50, 100, 200, 400, 500, 500,
    ]);
    const high = new Backoff({ baseMs: 100, maxMs: 1_000, random: () => 0.999_999 });
    expect([high.next(), high.next(), high.next()]).toEqual([100, 200, 400]);
    high.reset();
    expect(high.next()).toBe(100);
  });
});
