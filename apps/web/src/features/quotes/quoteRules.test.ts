import { type Quote, quoteMessages } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import {
  applyTick,
  draftAdd,
  inOrder,
  moveSymbol,
  nextSortMethod,
  parsePin,
  parseSortMethod,
  planSave,
  priorClose,
  sortQuotes,
  sparklinePoints,
  withPin,
} from './quoteRules.ts';

const quote = (symbol: string, percent: number | null, extra: Partial<Quote> = {}): Quote => ({
  symbol,
  price: 10,
  percent,
  dollar_dist: 0.5,
  high: 11,
  low: 9,
  sl: [9.5, 10],
  pin: null,
  pin_percent: null,
  ...extra,
});

describe('the sort method', () => {
  it("accepts only 'a' or '%'", () => {
    expect(parseSortMethod('a')).toBe('a');
    expect(parseSortMethod('%')).toBe('%');
    for (const raw of ['A', 'pct', '', null, undefined, 1]) expect(parseSortMethod(raw)).toBeNull();
  });
  it('choosing the active one clears it', () => {
    expect(nextSortMethod(null, 'a')).toBe('a');
    expect(nextSortMethod('a', '%')).toBe('%');
    expect(nextSortMethod('%', '%')).toBeNull();
  });
});

describe('sorting the view', () => {
  const list = [quote('MSFT', 1), quote('AAPL', null), quote('ZM', 5), quote('BB', -2)];
  it('keeps the saved order without a method', () => {
    expect(sortQuotes(list, null)).toBe(list);
  });
  it('A sorts by symbol, % by percent high first with unknowns last, and the saved list is untouched', () => {
    expect(sortQuotes(list, 'a').map((q) => q.symbol)).toEqual(['AAPL', 'BB', 'MSFT', 'ZM']);
    expect(sortQuotes(list, '%').map((q) => q.symbol)).toEqual(['ZM', 'MSFT', 'BB', 'AAPL']);
    expect(list.map((q) => q.symbol)).toEqual(['MSFT', 'AAPL', 'ZM', 'BB']);
  });
});

describe('typing symbols into the edit draft', () => {
  it('upper-cases, splits on blanks and commas, ignores blanks and repeats', () => {
    expect(draftAdd([], ' abc ')).toEqual(['ABC']);
    expect(draftAdd(['ABC'], 'abc, msft  ,,tsla ')).toEqual(['ABC', 'MSFT', 'TSLA']);
    expect(draftAdd(['ABC'], '   ')).toEqual(['ABC']);
  });
});

describe('what Save does', () => {
  const saved = Array.from({ length: 74 }, (_, i) => `S${i}`);
  it('says nothing changed without a call', () => {
    expect(planSave(saved, [], [])).toEqual({ kind: 'message', message: quoteMessages.noChange });
  });
  it('refuses past 75 without a call, counting removals and already-saved adds', () => {
    expect(planSave(saved, [], ['NEW1', 'NEW2'])).toEqual({
      kind: 'message',
      message: quoteMessages.overLimit,
    });
    expect(planSave(saved, ['S0'], ['NEW1', 'NEW2'])).toEqual({
      kind: 'call',
      body: { adds: ['NEW1', 'NEW2'], deletes: ['S0'] },
    });
    // S1 is saved already: the server reports it as a duplicate, it does not count twice.
    expect(planSave(saved, [], ['NEW1', 'S1']).kind).toBe('call');
  });
});

describe('a live frame', () => {
  it('replaces the figures, the pin distance and the last sparkline point of the symbols it carries', () => {
    const list = [quote('ABC', 1, { pin: 13, pin_percent: 30 }), quote('XYZ', 2)];
    const next = applyTick(list, [['ABC', 12.34, 5.21, 0.61, 12.9, 11.02]]);
    expect(next[0]).toEqual({
      ...list[0],
      price: 12.34,
      percent: 5.21,
      dollar_dist: 0.61,
      high: 12.9,
      low: 11.02,
      sl: [9.5, 12.34],
      pin_percent: 5.35,
    });
    expect(next[1]).toBe(list[1]);
  });
  it('leaves the list itself when no row concerns it', () => {
    const list = [quote('ABC', 1)];
    expect(applyTick(list, [['QQQ', 1, 0, 0, 1, 1]])).toBe(list);
    expect(applyTick(list, [])).toBe(list);
  });
  it('starts a sparkline that had no point yet', () => {
    expect(applyTick([quote('ABC', 1, { sl: [] })], [['ABC', 3, null, null, null, null]])[0]?.sl).toEqual([
      3,
    ]);
  });
});

describe('pins', () => {
  it('reads a price, and empty or 0 as a reset', () => {
    expect(parsePin('13')).toBe(13);
    expect(parsePin(' $12.345678 ')).toBe(12.3457);
    expect(parsePin('')).toBeNull();
    expect(parsePin('0')).toBeNull();
    for (const bad of ['-1', 'abc', '1000001', 'NaN']) expect(parsePin(bad)).toBe('invalid');
  });
  it('recomputes the distance when set locally', () => {
    expect(withPin([quote('ABC', 1, { price: 12.5 })], 'ABC', 10)[0]).toMatchObject({
      pin: 10,
      pin_percent: -20,
    });
  });
});

describe('the sparkline', () => {
  it('spans the box with the prior close inside it', () => {
    const g = sparklinePoints([10, 12, 11], 100, 20, 8);
    expect(g.points).toBe('0,10 50,0 100,5');
    expect(g.baseline).toBe(20);
  });
  it('draws a flat series mid-height, one point as a short line, nothing for none', () => {
    expect(sparklinePoints([5, 5], 10, 10, null)).toEqual({ points: '0,5 10,5', baseline: null });
    expect(sparklinePoints([5], 10, 10, null).points).toBe('0,5 10,5');
    expect(sparklinePoints([], 10, 10, 4)).toEqual({ points: '', baseline: null });
  });
  it('takes the prior close from price less its dollar change', () => {
    expect(priorClose({ price: 12.34, dollar_dist: 0.61 })).toBe(11.73);
    expect(priorClose({ price: null, dollar_dist: 0.61 })).toBeNull();
  });
});

describe('reordering', () => {
  it('moves a symbol onto another’s place', () => {
    expect(moveSymbol(['A', 'B', 'C', 'D'], 'A', 'C')).toEqual(['B', 'C', 'A', 'D']);
    expect(moveSymbol(['A', 'B', 'C', 'D'], 'D', 'B')).toEqual(['A', 'D', 'B', 'C']);
    expect(moveSymbol(['A', 'B'], 'A', 'Q')).toEqual(['A', 'B']);
  });
  it('lays an order over the list, newcomers after', () => {
    const list = [quote('A', 1), quote('B', 1), quote('NEW', 1)];
    expect(inOrder(list, ['B', 'A']).map((q) => q.symbol)).toEqual(['B', 'A', 'NEW']);
  });
});
