import { describe, expect, it } from 'vitest';
import { meterChangePercent, meterQuote } from './meterQuote.ts';

describe('meterQuote: the change is last minus the prior close', () => {
  it('SPY at 505 after a 500 close moved +5', () => {
    expect(meterQuote('SPY', 505, 500, 4)).toEqual({
      s: 'SPY',
      last: 505,
      prevClose: 500,
      atr: 4,
      change: 5,
    });
  });

  it('no change without a last or a prior close; the ATR passes through', () => {
    expect(meterQuote('DIA', null, 390, 3).change).toBeNull();
    expect(meterQuote('QQQ', 430, null, null)).toEqual({
      s: 'QQQ',
      last: 430,
      prevClose: null,
      atr: null,
      change: null,
    });
  });
});

describe('meterChangePercent: the move in percent of the prior close', () => {
  it('+5 on a 500 close is +1 %, −5 is −1 %', () => {
    expect(meterChangePercent({ change: 5, prevClose: 500 })).toBe(1);
    expect(meterChangePercent({ change: -5, prevClose: 500 })).toBe(-1);
  });

  it('a flat day is 0 %, not unknown', () => {
    expect(meterChangePercent({ change: 0, prevClose: 500 })).toBe(0);
  });

  it('unknown without a change, without a prior close, or on a zero prior close', () => {
    expect(meterChangePercent(undefined)).toBeNull();
    expect(meterChangePercent({ change: null, prevClose: 500 })).toBeNull();
    expect(meterChangePercent({ change: 5, prevClose: null })).toBeNull();
    expect(meterChangePercent({ change: 5, prevClose: 0 })).toBeNull();
  });
});
