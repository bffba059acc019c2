import type { FilterValues } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import type { DiscoveryRow } from '../discovery/row.ts';
import {
  compileConditions,
  rowMatches,
  type SmartFilterSpec,
  spyPriceDist,
} from '../discovery/smartFilter.ts';
import { RowIndex, rowColumns } from './filterIndex.ts';

// The indexed evaluation (filtered alerts) must match exactly the rows the row predicate
// (Discovery) matches: same rows, any filter. 3,000 rows with gaps in every column, so the
// buckets hold many rows each and boundaries fall inside runs of equal values.

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = rng(11);
const maybe = <T>(x: T): T | null => (rand() < 0.1 ? null : x);
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

const rows: DiscoveryRow[] = Array.from({ length: 3000 }, (_, i) => {
  const l = 1 + int(0, 60);
  const flag = rand() < 0.5 ? 1 : -1;
  return {
    s: i === 0 ? 'SPY' : `S${i}`,
    l,
    p: maybe([int(-10, 10), 0] as [number, number]),
    pl: maybe(l - int(-3, 3)),
    v: int(0, 1000),
    av: maybe(int(0, 10_000)),
    m: int(-5, 5),
    u: maybe(int(-100, 400)),
    vw: maybe(int(-8, 8)),
    e: [1, 2, 9, 14, 99][int(0, 4)] as number,
    f: maybe(int(1, 100) * 1e6),
    sr: maybe(int(0, 10)),
    t: 0,
    n: null,
    g: maybe(int(-2, 2)),
    z: maybe(int(-6, 12)),
    tr: maybe(int(1, 12)),
    st: rand() < 0.1 ? null : [flag, l, rand() < 0.2 ? 1 : 0],
    mf: [int(0, 1e6), maybe(int(-100, 100))],
    rv: [int(0, 1000), maybe(int(-100, 100))],
  };
});

const filters: SmartFilterSpec[] = [
  { type: 'all', values: { last: { min: 10, max: 20 } } },
  { type: 'all', values: { last: { min: 10, max: 20 }, uVol: { min: 100 } }, sector: { min: [1, 9] } },
  { type: 'any', values: { atr: { min: 10 }, squeeze: { min: { NOW: true, POST: -3 } } } },
  { type: 'any', values: { trend_change: { min: 'up' }, price_dist: { min: -5 } }, sector: { min: [2] } },
  { type: 'all', values: { trend: { min: 'down' }, rs: { min: 2 }, gap: { max: 0 } } },
  { type: 'all', values: { squeeze: { min: { PRE: 3 } }, short_ratio: { max: 4 }, float: { min: 5e6 } } },
  { type: 'all', values: {}, sector: { min: [14, 99] } },
  { type: 'any', values: { mf_dist: { min: 50 }, rv_dist: { min: -50 }, vWapDist: { min: 4 } } },
  {
    type: 'all',
    values: { avgVolume: { min: 1000, max: 2000 }, momentum: { min: 0 }, mf_price: { max: 5e5 } },
  },
  { type: 'all', values: { rv_price: { min: 990 } }, sector: { min: [] } },
  { type: 'any', values: { last: { min: 1000 } } },
];

describe('indexed filter evaluation equals the row predicate', () => {
  const spy = spyPriceDist(rows);
  const index = new RowIndex(rowColumns(rows, spy ?? Number.NaN));
  const out = { rows: new Int32Array(0) };
  for (const [k, spec] of filters.entries()) {
    it(`filter ${k}: ${JSON.stringify(spec.values satisfies FilterValues)}`, () => {
      const f = compileConditions(spec);
      const expected = rows.flatMap((r, i) => (rowMatches(f, r, spy ?? Number.NaN) ? [i] : []));
      const n = index.match(f, out);
      expect([...out.rows.subarray(0, n)].sort((a, b) => a - b)).toEqual(expected);
    });
  }

  it('the filters above are not trivial: some match many rows, some a few, some none (3,000 rows)', () => {
    const counts = filters.map((spec) => index.match(compileConditions(spec), out));
    expect(Math.max(...counts)).toBeGreaterThan(1000);
    expect(counts.filter((n) => n > 0 && n < 200).length).toBeGreaterThan(2);
    expect(counts).toContain(0);
  });
});
