import { WS_V1_MAX_BUFFERED_BYTES, WS_V1_MAX_LAG_MS } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { lagVerdict } from './backpressure.ts';

describe('the /ws/v1 slow-consumer rule', () => {
  it('a connection that drains is never behind', () => {
    expect(lagVerdict(0, 1_000, 60_000)).toEqual({ behindSince: null, drop: false });
  });

  it('is behind from the first look that finds unsent bytes, and stays while it does not drain', () => {
    const first = lagVerdict(10, null, 5_000);
    expect(first).toEqual({ behindSince: 5_000, drop: false });
    expect(lagVerdict(10, first.behindSince, 5_000 + WS_V1_MAX_LAG_MS)).toEqual({
      behindSince: 5_000,
      drop: false,
    });
  });

  it(`goes once it has been behind more than ${WS_V1_MAX_LAG_MS} ms`, () => {
    expect(lagVerdict(10, 5_000, 5_000 + WS_V1_MAX_LAG_MS + 1).drop).toBe(true);
  });

  it('goes at once past the byte cap, however recent', () => {
    expect(lagVerdict(WS_V1_MAX_BUFFERED_BYTES + 1, null, 5_000).drop).toBe(true);
    expect(lagVerdict(WS_V1_MAX_BUFFERED_BYTES, null, 5_000).drop).toBe(false);
  });
});
