import { describe, expect, it } from 'vitest';
import type { DiscoveryColumnOption } from '../dashboard/configSchema.ts';
import { defaultDiscoveryColumns } from './columns.ts';
import { displayRow as row } from './fixtures.test-support.ts';
import { DEFAULT_DISCOVERY_SORT, type DiscoverySort, nextSort, sortRows } from './sort.ts';

const order = (rows: ReturnType<typeof row>[], sort: DiscoverySort, columns?: DiscoveryColumnOption[]) =>
  sortRows(rows, sort, columns).map((r) => r.symbol);

const withDisplay = (column: 'price_dist' | 'atr' | 'gap', display: '%' | '$') =>
  defaultDiscoveryColumns().map((c) => (c.column === column ? { ...c, display } : c));

describe('header clicks (discovery spec §4)', () => {
  it('the default is price_dist descending', () => {
    expect(DEFAULT_DISCOVERY_SORT).toEqual({ column: 'price_dist', dir: 'desc' });
  });

  it('a different column starts descending, the same column toggles', () => {
    const volume = nextSort(DEFAULT_DISCOVERY_SORT, 'volume');
    expect(volume).toEqual({ column: 'volume', dir: 'desc' });
    expect(nextSort(volume, 'volume')).toEqual({ column: 'volume', dir: 'asc' });
    expect(nextSort(nextSort(volume, 'volume'), 'volume')).toEqual({ column: 'volume', dir: 'desc' });
    expect(nextSort({ column: 'float', dir: 'asc' }, 'uVol')).toEqual({ column: 'uVol', dir: 'desc' });
  });

  it('squeeze starts at now and cycles now → pre asc → pre desc → post asc → post desc → now', () => {
    let s = nextSort(DEFAULT_DISCOVERY_SORT, 'squeeze');
    const seen = [s.dir];
    for (let i = 0; i < 5; i++) {
      s = nextSort(s, 'squeeze');
      seen.push(s.dir);
    }
    expect(seen).toEqual(['now', 'pre_asc', 'pre_desc', 'post_asc', 'post_desc', 'now']);
    expect(nextSort({ column: 'squeeze', dir: 'pre_desc' }, 'rs')).toEqual({ column: 'rs', dir: 'desc' });
  });
});

describe('row orders (discovery spec §4)', () => {
  it('uVol and float: positives first in either direction, zero or negative next, unknown last', () => {
    const rows = [
      row('NEG', { uVol: -20, float: -1 }),
      row('BIG', { uVol: 300, float: 9e9 }),
      row('NUL', { uVol: null, float: null }),
      row('SML', { uVol: 5, float: 1e6 }),
      row('ZER', { uVol: 0, float: 0 }),
    ];
    expect(order(rows, { column: 'uVol', dir: 'desc' })).toEqual(['BIG', 'SML', 'ZER', 'NEG', 'NUL']);
    expect(order(rows, { column: 'uVol', dir: 'asc' })).toEqual(['SML', 'BIG', 'NEG', 'ZER', 'NUL']);
    expect(order(rows, { column: 'float', dir: 'asc' })).toEqual(['SML', 'BIG', 'NEG', 'ZER', 'NUL']);
  });

  it('moneyflow and volume: non-zero first in either direction, zero and unknown last', () => {
    const rows = [
      row('ZER', { moneyflow: 0, volume: 0 }),
      row('TEN', { moneyflow: 10, volume: 10 }),
      row('NUL', { moneyflow: null, volume: 0 }),
      row('NEG', { moneyflow: -5, volume: 3 }),
    ];
    expect(order(rows, { column: 'moneyflow', dir: 'desc' })).toEqual(['TEN', 'NEG', 'ZER', 'NUL']);
    expect(order(rows, { column: 'moneyflow', dir: 'asc' })).toEqual(['NEG', 'TEN', 'ZER', 'NUL']);
    expect(order(rows, { column: 'volume', dir: 'asc' })).toEqual(['NEG', 'TEN', 'NUL', 'ZER']);
  });

  it('price_dist, atr and gap sort by the variant their column displays', () => {
    const rows = [
      row('PCT', {
        price_dist: 9,
        dollar_dist: 0.1,
        atr: 9,
        atr_dollar_dist: 0.1,
        gap: 0.1,
        gap_percent_dist: 9,
      }),
      row('USD', { price_dist: 1, dollar_dist: 5, atr: 1, atr_dollar_dist: 5, gap: 5, gap_percent_dist: 1 }),
    ];
    expect(order(rows, DEFAULT_DISCOVERY_SORT)).toEqual(['PCT', 'USD']);
    expect(order(rows, DEFAULT_DISCOVERY_SORT, withDisplay('price_dist', '$'))).toEqual(['USD', 'PCT']);
    expect(order(rows, { column: 'atr', dir: 'desc' }, defaultDiscoveryColumns())).toEqual(['PCT', 'USD']);
    expect(order(rows, { column: 'atr', dir: 'desc' }, withDisplay('atr', '$'))).toEqual(['USD', 'PCT']);
    expect(order(rows, { column: 'gap', dir: 'desc' })).toEqual(['PCT', 'USD']);
    expect(order(rows, { column: 'gap', dir: 'desc' }, withDisplay('gap', '$'))).toEqual(['USD', 'PCT']);
  });

  it('squeeze states: now first; pre by bars in squeeze; post by bars since it fired; unknown last', () => {
    const rows = [
      row('P2', { squeeze: 2 }),
      row('NA', { squeeze: '-' }),
      row('Q1', { squeeze: -1 }),
      row('P9', { squeeze: 9 }),
      row('NOW', { squeeze: 0 }),
      row('Q4', { squeeze: -4 }),
    ];
    const sq = (dir: 'now' | 'pre_asc' | 'pre_desc' | 'post_asc' | 'post_desc') =>
      order(rows, { column: 'squeeze', dir });
    expect(sq('now')).toEqual(['NOW', 'P2', 'P9', 'Q1', 'Q4', 'NA']);
    expect(sq('pre_asc').slice(0, 2)).toEqual(['P2', 'P9']);
    expect(sq('pre_desc').slice(0, 2)).toEqual(['P9', 'P2']);
    expect(sq('post_asc').slice(0, 2)).toEqual(['Q1', 'Q4']);
    expect(sq('post_desc').slice(0, 2)).toEqual(['Q4', 'Q1']);
    for (const dir of ['pre_asc', 'pre_desc', 'post_asc', 'post_desc'] as const)
      expect(sq(dir).at(-1)).toBe('NA');
  });

  it('other columns: unknown last in both directions, equal values by symbol', () => {
    const rows = [row('C', { rs: 1 }), row('A', { rs: null }), row('B', { rs: 1 }), row('D', { rs: -3 })];
    expect(order(rows, { column: 'rs', dir: 'desc' })).toEqual(['B', 'C', 'D', 'A']);
    expect(order(rows, { column: 'rs', dir: 'asc' })).toEqual(['D', 'B', 'C', 'A']);
  });

  it('symbol sorts A→Z ascending and Z→A descending; trend puts up before down when descending', () => {
    const rows = [row('B', { trend: [-1, 5] }), row('A', { trend: [1, 3] }), row('C', { trend: [1, 8] })];
    expect(order(rows, { column: 'symbol', dir: 'asc' })).toEqual(['A', 'B', 'C']);
    expect(order(rows, { column: 'symbol', dir: 'desc' })).toEqual(['C', 'B', 'A']);
    expect(order(rows, { column: 'trend', dir: 'desc' })).toEqual(['C', 'A', 'B']);
  });
});
