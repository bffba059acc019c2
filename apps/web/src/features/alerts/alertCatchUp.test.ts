import { type FiredAlert, PROTOCOL_VERSION } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { CAUGHT_UP_SPEAK_MAX_AGE_MS, caughtUpArrival } from './alertCatchUp.ts';

const FIRED_AT = Date.UTC(2026, 10, 24, 15, 30);
const alert: FiredAlert = {
  v: PROTOCOL_VERSION,
  id: 41,
  kind: 'trade',
  symbol: 'AAPL',
  msg: 'AAPL new high 201.50',
  time: FIRED_AT,
  price: 201.5,
  price_dist: 1.2,
  uv: null,
  vwap: null,
  vwap_dist: null,
  zone: 'primary_high',
};

describe('caught-up alerts', () => {
  it('one fired 20 s before the reconnect is still spoken', () => {
    expect(caughtUpArrival(alert, FIRED_AT + 20_000)).toEqual({ caughtUp: true, stale: false });
  });

  it('one fired exactly 30 s before is still spoken; a moment older is listed only', () => {
    expect(caughtUpArrival(alert, FIRED_AT + CAUGHT_UP_SPEAK_MAX_AGE_MS).stale).toBe(false);
    expect(caughtUpArrival(alert, FIRED_AT + CAUGHT_UP_SPEAK_MAX_AGE_MS + 1).stale).toBe(true);
  });

  it('one fired 90 s before, during a long drop, is listed only', () => {
    expect(caughtUpArrival(alert, FIRED_AT + 90_000)).toEqual({ caughtUp: true, stale: true });
  });

  it('one fired before the tab listened is listed only, however recent', () => {
    expect(caughtUpArrival(alert, FIRED_AT + 5_000, FIRED_AT + 1_000).stale).toBe(true);
    expect(caughtUpArrival(alert, FIRED_AT + 5_000, FIRED_AT).stale).toBe(false);
  });
});
