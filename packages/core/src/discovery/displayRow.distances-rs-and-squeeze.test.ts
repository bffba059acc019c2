import { describe, expect, it } from 'vitest';
import { round2, spyPriceDistOf, toDisplayRow, toDisplayRows } from './displayRow.ts';
import { servedRow } from './fixtures.test-support.ts';
import type { ServedDiscoveryRow } from './row.ts';

describe('a served row as shown (discovery spec §3)', () => {
  it('splits the price, money-flow and real-volume pairs into named values', () => {
    const d = toDisplayRow(servedRow(), 1);
    expect(d).toMatchObject({
      symbol: 'ABC',
      last: 12.5,
      price_dist: 3,
      dollar_dist: 0.36,
      moneyflow: 500_000,
      moneyflow_dist: 30,
      volume: 40_000,
      volume_dist: -10,
      avgVolume: 900_000,
      float: 20_000_000,
      momentum: 4,
      uVol: 150,
      short_ratio: 2.2,
      vWapDist: -2.5,
      trend: [1, 11.9],
      trend_flipped: false,
      sector: 1,
      news: null,
      trending: false,
    });
  });

  it('atr_dollar_dist is atr × last / 100 and gap_percent_dist is gap / priorDayLast × 100, both to 2 decimals', () => {
    const d = toDisplayRow(servedRow({ tr: 4.2, l: 12.5, g: 2, pl: 8 }), null);
    expect(d.atr).toBe(4.2);
    expect(d.atr_dollar_dist).toBe(0.53); // 0.525 rounds half up
    expect(d.gap).toBe(2);
    expect(d.priorDayLast).toBe(8);
    expect(d.gap_percent_dist).toBe(25);
    expect(toDisplayRow(servedRow({ g: 1, pl: 3 }), null).gap_percent_dist).toBe(33.33);
    expect(toDisplayRow(servedRow({ g: -1, pl: 3 }), null).gap_percent_dist).toBe(-33.33);
    expect(toDisplayRow(servedRow({ g: 1, pl: null }), null).gap_percent_dist).toBeNull();
    expect(toDisplayRow(servedRow({ tr: null }), null).atr_dollar_dist).toBeNull();
  });

  it('rs is price_dist minus SPY’s price_dist, unknown without SPY or without a price pair', () => {
    expect(toDisplayRow(servedRow({ p: [3, 1] }), 1.25).rs).toBe(1.75);
    expect(toDisplayRow(servedRow({ p: [3, 1] }), null).rs).toBeNull();
    expect(toDisplayRow(servedRow({ p: null }), 1).rs).toBeNull();
    const rows = toDisplayRows([servedRow({ s: 'SPY', p: [0.5, 2] }), servedRow({ s: 'A', p: [2, 1] })]);
    expect(rows.map((r) => r.rs)).toEqual([0, 1.5]);
    expect(spyPriceDistOf([servedRow({ s: 'QQQ' })])).toBeNull();
  });

  it('squeeze is the number (0 now, + pre, − post) and "-" when missing', () => {
    expect(toDisplayRow(servedRow({ z: 0 }), null).squeeze).toBe(0);
    expect(toDisplayRow(servedRow({ z: 5 }), null).squeeze).toBe(5);
    expect(toDisplayRow(servedRow({ z: -2 }), null).squeeze).toBe(-2);
    expect(toDisplayRow(servedRow({ z: null }), null).squeeze).toBe('-');
  });

  it('a Pro row without its locked keys shows them as unknown', () => {
    const { mf: _mf, st: _st, z: _z, tr: _tr, g: _g, sr: _sr, ...rest } = servedRow();
    const pro: ServedDiscoveryRow = rest;
    const d = toDisplayRow(pro, 1);
    expect(d).toMatchObject({
      moneyflow: null,
      moneyflow_dist: null,
      short_ratio: null,
      squeeze: '-',
      atr: null,
      atr_dollar_dist: null,
      gap: null,
      gap_percent_dist: null,
      trend: null,
    });
    expect(d.priorDayLast).toBe(8);
    expect(d.rs).toBe(2);
  });

  it('news time, trending flag and a flipped trend come through', () => {
    const d = toDisplayRow(servedRow({ n: 1_700_000_000_000, t: 1, st: [-1, 13, 1] }), null);
    expect(d).toMatchObject({
      news: 1_700_000_000_000,
      trending: true,
      trend: [-1, 13],
      trend_flipped: true,
    });
  });

  it('round2 rounds half away from zero', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(2)).toBe(2);
  });
});
