import { describe, expect, it } from 'vitest';
import { metersResponseSchema } from '../api/meters.ts';
import { METER_TILES, METER_TILES_MOBILE, meterLevel, meterReading, meterTiles } from './meters.ts';

const litOffsets = (reading: number | null, tiles = METER_TILES) =>
  meterTiles(reading, tiles)
    .filter((t) => t.lit)
    .map((t) => t.offset);

describe('an index gauge reading a day of SPY', () => {
  // SPY closed at 600.00 yesterday with a daily ATR(14) of $6.00.
  const atr = 6;

  it('reads the move from the prior close in ATR multiples', () => {
    expect(meterReading({ change: 3, atr })).toBe(0.5);
    expect(meterReading({ change: -1.5, atr })).toBe(-0.25);
    expect(meterReading({ change: 0, atr })).toBe(0);
  });

  it('has no reading before the prior close or while the ATR warms up', () => {
    expect(meterReading(undefined)).toBeNull();
    expect(meterReading({ change: null, atr })).toBeNull();
    expect(meterReading({ change: 2, atr: null })).toBeNull();
    expect(meterReading({ change: 2, atr: 0 })).toBeNull();
    expect(meterReading({ change: Number.NaN, atr })).toBeNull();
  });

  it('lights only the centre tile while the move is under a quarter ATR', () => {
    expect(litOffsets(meterReading({ change: 1.49, atr }))).toEqual([0]);
    expect(litOffsets(meterReading({ change: -1.49, atr }))).toEqual([0]);
  });

  it('lights one more tile per quarter ATR, from the centre toward the move', () => {
    // +$1.50 = 0.25 ATR: exactly one step up.
    expect(litOffsets(meterReading({ change: 1.5, atr }))).toEqual([0, 1]);
    // +$4.50 = 0.75 ATR: three steps, despite 0.75 / 0.25 not being exact in binary.
    expect(meterLevel(0.75)).toBe(3);
    expect(litOffsets(0.75)).toEqual([0, 1, 2, 3]);
    // −$5.40 = −0.9 ATR: three full steps down (a fourth needs −1.0).
    expect(litOffsets(meterReading({ change: -5.4, atr }))).toEqual([-3, -2, -1, 0]);
  });

  it('pins at the end tile beyond ±1.5 ATR', () => {
    expect(meterLevel(1.5)).toBe(6);
    expect(meterLevel(4)).toBe(6);
    expect(meterLevel(-9)).toBe(-6);
    expect(meterLevel(Number.POSITIVE_INFINITY)).toBe(6);
    expect(litOffsets(-2)).toEqual([-6, -5, -4, -3, -2, -1, 0]);
  });

  it('lights nothing without a reading', () => {
    expect(litOffsets(null)).toEqual([]);
    expect(meterTiles(null)).toHaveLength(13);
  });

  it('colours down tiles left, up tiles right, deeper toward the ends', () => {
    const tiles = meterTiles(0.3);
    expect(tiles.map((t) => t.offset)).toEqual([-6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6]);
    expect(tiles.slice(0, 6).every((t) => t.tone === 'down')).toBe(true);
    expect(tiles[6]?.tone).toBe('flat');
    expect(tiles.slice(7).every((t) => t.tone === 'up')).toBe(true);
    expect(tiles[0]?.strength).toBe(1);
    expect(tiles[6]?.strength).toBe(0);
    expect(tiles[9]?.strength).toBe(0.5);
  });
});

describe('the 5-tile gauge of mobile mode', () => {
  it('keeps the ±1.5 ATR scale with 0.75 ATR a tile', () => {
    expect(meterTiles(0, METER_TILES_MOBILE)).toHaveLength(5);
    expect(litOffsets(0.74, METER_TILES_MOBILE)).toEqual([0]);
    expect(litOffsets(0.75, METER_TILES_MOBILE)).toEqual([0, 1]);
    expect(litOffsets(-1.2, METER_TILES_MOBILE)).toEqual([-1, 0]);
    expect(litOffsets(-1.5, METER_TILES_MOBILE)).toEqual([-2, -1, 0]);
    expect(litOffsets(3, METER_TILES_MOBILE)).toEqual([0, 1, 2]);
  });

  it('refuses a gauge without a centre tile', () => {
    expect(() => meterTiles(0, 4)).toThrow(RangeError);
    expect(() => meterLevel(0, 1)).toThrow(RangeError);
  });
});

describe('GET /data/meters', () => {
  it('accepts the three ETFs with unknown figures as null, and nothing else', () => {
    const ok = {
      success: true,
      data: [
        { s: 'DIA', last: 470.1, prevClose: 468.9, atr: 4.2, change: 1.2 },
        { s: 'QQQ', last: 598.7, prevClose: null, atr: null, change: null },
      ],
    };
    expect(metersResponseSchema.parse(ok).data).toHaveLength(2);
    expect(metersResponseSchema.safeParse({ ...ok, data: [{ ...ok.data[0], s: 'IWM' }] }).success).toBe(
      false,
    );
    expect(metersResponseSchema.safeParse({ success: false, data: [] }).success).toBe(false);
  });
});
