import { describe, expect, it } from 'vitest';
import { MarketEngine } from '../engine/MarketEngine.ts';
import { seedBars, seedVolumeProfile } from '../engine/seed.ts';
import { testClock } from '../engine/testClock.ts';
import type { Bar } from '../events.ts';
import { atrSeries, squeezeSeries, supertrendSeries } from '../indicators/series.ts';
import { discoveryRows } from './recompute.ts';

// Monday 24 Nov 2025 (EST).
const ny = (h: number, m = 0) => Date.UTC(2025, 10, 24, h + 5, m);
const DAY = 86_400_000;

const SEEDED: Bar[] = Array.from({ length: 30 }, (_, k) => ({
  start: ny(4) - (30 - k) * DAY,
  open: 90 + k * 0.2,
  high: 92 + k * 0.2 + (k % 4) * 0.3,
  low: 89 + k * 0.2 - (k % 3) * 0.2,
  close: 91 + k * 0.25,
  volume: 1_000_000 + k * 10_000,
  value: (91 + k * 0.25) * (1_000_000 + k * 10_000),
}));

function setup() {
  const clock = testClock(ny(9, 55));
  const e = new MarketEngine({ clock });
  e.setReference({
    sym: 'ABC',
    name: 'Abc Corp',
    sector: 16,
    float: 8_000_000,
    shortRatio: 3.1,
    optionable: true,
    prevClose: 98,
    avgVolume: 1_500_000,
    exchange: 'NASDAQ',
  });
  e.setReference({
    sym: 'XYZ',
    name: 'Xyz',
    sector: 82,
    float: 0,
    shortRatio: Number.NaN,
    optionable: false,
    prevClose: 5,
    avgVolume: 10,
    exchange: 'ARCA',
  });
  e.setReference({
    sym: 'NOPX',
    name: 'No price',
    sector: 1,
    float: 0,
    shortRatio: 0,
    optionable: false,
    prevClose: 0,
    avgVolume: 0,
    exchange: 'OTC',
  });
  seedBars(e, 'ABC', '1day', SEEDED);
  seedVolumeProfile(e, 'ABC', new Array(64).fill(1000));
  e.setNewsTime('ABC', ny(7));
  e.setTrending('ABC', true);
  for (const [price, size, ts] of [
    [100, 100, ny(9, 30)],
    [101, 200, ny(9, 31)],
    [99, 100, ny(9, 40)],
    [102, 300, ny(9, 50)],
  ] as const) {
    e.ingest({ sym: 'ABC', price, size, ts });
  }
  e.ingest({ sym: 'ZVZZT', price: 10, size: 1, ts: ny(9, 50) });
  return { e, clock };
}

describe('Discovery rows computed by hand', () => {
  it('1day: last, change vs prior close, volume, momentum, uVol, VWAP distance, gap and indicators', () => {
    const { e } = setup();
    const rows = discoveryRows(e, '1day');
    expect(rows.map((r) => r.s)).toEqual(['ABC', 'XYZ']);
    const r = rows[0];
    const withToday = [...SEEDED, { high: 102, low: 99, close: 102 }];
    const st = supertrendSeries(withToday).at(-1);
    const before = supertrendSeries(SEEDED).at(-1);
    expect(r).toEqual({
      s: 'ABC',
      l: 102,
      p: [((102 - 98) / 98) * 100, 4],
      pl: 98,
      v: 700,
      av: 1_500_000,
      m: 1, // new highs 101, 102; new low 99
      u: ((700 - 24 * 1000) / (24 * 1000)) * 100, // slots 04:00–09:55 are 24
      vw: ((102 - 101) / 101) * 100, // VWAP = 70 700 / 700 = 101
      e: 16,
      f: 8_000_000,
      sr: 3.1,
      t: 1,
      n: ny(7),
      g: 2,
      z: squeezeSeries(withToday).at(-1) ?? null,
      tr: ((atrSeries(withToday, 14).at(-1) as number) / 102) * 100,
      st: [st?.flag, st?.pivot, before?.flag === st?.flag ? 0 : 1],
      mf: [70_700, ((70_700 - (SEEDED[29]?.value as number)) / (SEEDED[29]?.value as number)) * 100],
      rv: [700, ((700 - 1_290_000) / 1_290_000) * 100],
    });
    expect(rows[1]).toMatchObject({
      s: 'XYZ',
      l: 5,
      p: [0, 0],
      v: 0,
      f: null,
      sr: null,
      u: null,
      g: null,
      tr: null,
    });
  });

  it('15min: the 09:45 bar against the 09:30 bar', () => {
    const { e } = setup();
    const [r] = discoveryRows(e, '15min');
    expect(r).toMatchObject({
      l: 102,
      p: [((102 - 99) / 99) * 100, 3],
      v: 300,
      av: 400,
      m: 1,
      u: -70,
      mf: [30_600, ((30_600 - 40_100) / 40_100) * 100],
      rv: [300, -25],
      tr: null,
      st: null,
      z: null,
    });
  });

  it('trend flip: a surge in the forming day bar turns the down trend up, flagged as a flip in this bar', () => {
    const { e } = setup();
    expect(supertrendSeries(SEEDED).at(-1)?.flag).toBe(-1);
    expect(discoveryRows(e, '1day')[0]?.st?.[2]).toBe(0);
    e.ingest({ sym: 'ABC', price: 150, size: 100, ts: ny(9, 54) });
    const withSurge = [...SEEDED, { high: 150, low: 99, close: 150 }];
    expect(supertrendSeries(withSurge).at(-1)?.flag).toBe(1);
    const st = discoveryRows(e, '1day')[0]?.st;
    expect(st?.[0]).toBe(1);
    expect(st?.[2]).toBe(1);
  });

  it('15min later with no prints: the current bar is empty and the last bar closed at 102', () => {
    const { e, clock } = setup();
    clock.set(ny(10, 20));
    const [r] = discoveryRows(e, '15min');
    expect(r).toMatchObject({ l: 102, p: [0, 0], v: 0, m: 0, mf: [0, -100], rv: [0, -100], av: 350 });
  });
});
