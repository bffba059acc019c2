import type { FilterValues } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import type { DiscoveryRow } from './row.ts';
import { compileConditions, compileSmartFilter, countMatches, type SmartFilterSpec } from './smartFilter.ts';

const base: DiscoveryRow = {
  s: 'ABC',
  l: 12.5,
  p: [3, 0.36],
  pl: 8,
  v: 40_000,
  av: 900_000,
  m: 4,
  u: 150,
  vw: -2.5,
  e: 1,
  f: 20_000_000,
  sr: 2.2,
  t: 0,
  n: null,
  g: 2, // 2 / 8 = a 25 % gap
  z: 7,
  tr: 4.2,
  st: [1, 11.9, 0],
  mf: [500_000, 30],
  rv: [40_000, -10],
};
const row = (over: Partial<DiscoveryRow> = {}): DiscoveryRow => ({ ...base, ...over });
const all = (values: FilterValues, sector?: number[]): SmartFilterSpec => ({
  type: 'all',
  values,
  ...(sector ? { sector: { min: sector } } : {}),
});
const test = (values: FilterValues, r: DiscoveryRow = row(), spy: number | null = 1) =>
  compileSmartFilter(all(values), { spyPriceDist: spy })(r);

describe('smart filter: one condition per column', () => {
  it.each([
    ['atr', 'tr', 4.2, { min: 4, max: 4.2 }, { min: 4.3 }],
    ['avgVolume', 'av', 900_000, { min: 900_000 }, { max: 899_999 }],
    ['float', 'f', 20_000_000, { max: 20_000_000 }, { min: 20_000_001 }],
    ['last', 'l', 12.5, { min: 12.5, max: 12.5 }, { min: 12.51, max: null }],
    ['momentum', 'm', 4, { min: 1, max: 4 }, { min: 5 }],
    ['mf_price', 'mf', 500_000, { min: 400_000 }, { max: 100 }],
    ['short_ratio', 'sr', 2.2, { min: 2, max: 3 }, { max: 2 }],
    ['rv_price', 'rv', 40_000, { min: 40_000 }, { min: 40_001 }],
  ] as const)('%s (row %s = %s): inclusive bounds, null = open', (column, _key, _value, pass, fail) => {
    expect(test({ [column]: pass })).toBe(true);
    expect(test({ [column]: fail })).toBe(false);
  });

  it('gap is g / pl × 100', () => {
    expect(test({ gap: { min: 25, max: 25 } })).toBe(true);
    expect(test({ gap: { min: 25.01 } })).toBe(false);
    expect(test({ gap: { min: 0 } }, row({ pl: null }))).toBe(false);
  });

  it('rs is % change minus SPY’s, and unknown without SPY', () => {
    expect(test({ rs: { min: 2, max: 2 } }, row(), 1)).toBe(true);
    expect(test({ rs: { min: 2.5 } }, row(), 1)).toBe(false);
    expect(test({ rs: { min: -100 } }, row(), null)).toBe(false);
  });

  it('single-value columns: a value ≥ 0 means at least, a negative one at most', () => {
    expect(test({ price_dist: { min: 3 } })).toBe(true);
    expect(test({ price_dist: { min: 3.1 } })).toBe(false);
    expect(test({ price_dist: { min: -5 } }, row({ p: [-5, -1] }))).toBe(true);
    expect(test({ price_dist: { min: -5 } }, row({ p: [-4.9, -1] }))).toBe(false);
    expect(test({ uVol: { min: 150 } })).toBe(true);
    expect(test({ uVol: { min: -20 } })).toBe(false);
    expect(test({ vWapDist: { min: -2 } })).toBe(true); // −2.5 is at most −2
    expect(test({ vWapDist: { min: 2 } })).toBe(false);
    expect(test({ mf_dist: { min: 30 } })).toBe(true);
    expect(test({ rv_dist: { min: -10 } })).toBe(true);
    expect(test({ rv_dist: { min: -11 } })).toBe(false);
    // A max on a single-value column is not part of it.
    expect(test({ uVol: { min: 100, max: 120 } })).toBe(true);
  });

  it('squeeze: NOW is 0, PRE p is in squeeze ≥ p bars, POST q fired within |q| bars', () => {
    const sq = (z: number | null, min: { NOW?: boolean; PRE?: number | null; POST?: number | null }) =>
      test({ squeeze: { min } }, row({ z }));
    expect(sq(0, { NOW: true })).toBe(true);
    expect(sq(1, { NOW: true })).toBe(false);
    expect(sq(7, { PRE: 7 })).toBe(true);
    expect(sq(6, { PRE: 7 })).toBe(false);
    expect(sq(-2, { POST: -2 })).toBe(true);
    expect(sq(-1, { POST: -2 })).toBe(true);
    expect(sq(-3, { POST: -2 })).toBe(false);
    expect(sq(0, { POST: -2 })).toBe(false);
    expect(sq(-2, { NOW: true, POST: -2 })).toBe(true); // any selected option
    expect(sq(0, { NOW: true, POST: -2 })).toBe(true);
    expect(sq(5, { NOW: true, POST: -2 })).toBe(false);
    expect(sq(null, { NOW: true, PRE: 1 })).toBe(false);
  });

  it('trend is the Supertrend flag; trend_change needs the flip in the current bar', () => {
    expect(test({ trend: { min: 'up' } })).toBe(true);
    expect(test({ trend: { min: 'down' } })).toBe(false);
    expect(test({ trend: { min: 'down' } }, row({ st: [-1, 13, 0] }))).toBe(true);
    expect(test({ trend: { min: 'up' } }, row({ st: null }))).toBe(false);
    expect(test({ trend_change: { min: 'up' } })).toBe(false); // up, but not flipped now
    expect(test({ trend_change: { min: 'up' } }, row({ st: [1, 11.9, 1] }))).toBe(true);
    expect(test({ trend_change: { min: 'down' } }, row({ st: [1, 11.9, 1] }))).toBe(false);
    expect(test({ trend_change: { min: 'down' } }, row({ st: [-1, 13, 1] }))).toBe(true);
  });

  it('an unknown value fails its condition, even an open one', () => {
    expect(test({ atr: { min: null, max: null } }, row({ tr: null }))).toBe(false);
    expect(test({ float: { max: 1e12 } }, row({ f: null }))).toBe(false);
    expect(test({ mf_dist: { min: -100 } }, row({ mf: [0, null] }))).toBe(false);
  });

  it('a Pro row with its locked keys stripped (no mf, st, z, tr, g, sr) fails those conditions instead of throwing', () => {
    const { mf: _mf, st: _st, z: _z, tr: _tr, g: _g, sr: _sr, ...stripped } = row();
    const f = (values: FilterValues) => compileSmartFilter(all(values), { spyPriceDist: 1 })(stripped);
    expect(f({ mf_price: { min: 0 } })).toBe(false);
    expect(f({ mf_dist: { min: -100 } })).toBe(false);
    expect(f({ trend: { min: 'up' } })).toBe(false);
    expect(f({ trend_change: { min: 'up' } })).toBe(false);
    expect(f({ squeeze: { min: { NOW: true, PRE: 1 } } })).toBe(false);
    expect(f({ atr: { max: 100 } })).toBe(false);
    expect(f({ gap: { min: -100 } })).toBe(false);
    expect(f({ short_ratio: { min: 0 } })).toBe(false);
    expect(f({ last: { min: 12 } })).toBe(true);
  });
});

describe('smart filter: combining conditions and sectors', () => {
  const values: FilterValues = { last: { min: 10, max: 20 }, uVol: { min: 200 } };

  it('all needs every condition, any at least one', () => {
    expect(compileSmartFilter({ type: 'all', values }, { spyPriceDist: null })(row())).toBe(false);
    expect(compileSmartFilter({ type: 'any', values }, { spyPriceDist: null })(row())).toBe(true);
    expect(compileSmartFilter({ type: 'any', values }, { spyPriceDist: null })(row({ l: 25 }))).toBe(false);
  });

  it('the sector list holds in both modes; an empty list matches nothing; no list matches all', () => {
    const f = (type: 'all' | 'any', sector?: number[]) =>
      compileSmartFilter(
        { type, values, ...(sector ? { sector: { min: sector } } : {}) },
        { spyPriceDist: null },
      );
    expect(f('any', [1, 9])(row())).toBe(true);
    expect(f('any', [9])(row())).toBe(false);
    expect(f('any', [])(row())).toBe(false);
    expect(f('any')(row({ e: 14 }))).toBe(true);
  });

  it('countMatches reads SPY from the snapshot for rs', () => {
    const rows = [row({ s: 'SPY', p: [1, 5] }), row({ s: 'A', p: [3, 1] }), row({ s: 'B', p: [1.5, 1] })];
    expect(countMatches(rows, all({ rs: { min: 1 } }))).toBe(1);
    expect(countMatches(rows, all({ rs: { min: 0 } }))).toBe(3);
    expect(countMatches(rows, all({ last: { min: 0 } }, []))).toBe(0);
  });

  it('the compiled key is the same for equivalent filters and differs otherwise', () => {
    const k = (spec: SmartFilterSpec) => compileConditions(spec).key;
    expect(k(all({ last: { min: 1 }, atr: { max: 5 } }, [9, 1]))).toBe(
      k(all({ atr: { min: null, max: 5 }, last: { min: 1, max: null } }, [1, 9])),
    );
    expect(k(all({ last: { min: 1 } }))).not.toBe(k(all({ last: { min: 2 } })));
    expect(k(all({ last: { min: 1 } }))).not.toBe(k({ type: 'any', values: { last: { min: 1 } } }));
  });
});
