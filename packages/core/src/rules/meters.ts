import type { MeterQuote, MeterSymbol } from '../api/meters.ts';

/** Gauge labels on the widget, by the ETF that stands for the index. */
export const METER_LABELS: Readonly<Record<MeterSymbol, string>> = { DIA: 'DOW', QQQ: 'NAZ', SPY: 'SPY' };

/** Tiles per gauge (spec §2): 13 on a wide widget, 5 in mobile mode. */
export const METER_TILES = 13;
export const METER_TILES_MOBILE = 5;

/** On the 13-tile gauge each tile is a quarter of a daily ATR; 6 tiles a side make ±1.5 ATR. */
export const METER_STEP_ATR = 0.25;
export const METER_FULL_SCALE_ATR = ((METER_TILES - 1) / 2) * METER_STEP_ATR;

// A move of exactly k steps must light k tiles despite binary fractions (0.75 / 0.25 ≈ 2.9999…).
const EPSILON = 1e-9;

/** Today's move in multiples of the daily ATR, or null when either figure is unknown. */
export function meterReading(quote: Pick<MeterQuote, 'change' | 'atr'> | undefined): number | null {
  if (!quote || quote.change === null || quote.atr === null) return null;
  if (!Number.isFinite(quote.change) || !Number.isFinite(quote.atr) || quote.atr <= 0) return null;
  return quote.change / quote.atr;
}

function halfOf(tiles: number): number {
  if (!Number.isInteger(tiles) || tiles < 3 || tiles % 2 === 0) {
    throw new RangeError(`a gauge needs an odd number of tiles (at least 3), got ${tiles}`);
  }
  return (tiles - 1) / 2;
}

/**
 * Tiles lit beyond the centre, signed (negative = down). A tile lights once the move reaches
 * its threshold; the full scale is the same ±1.5 ATR whatever the tile count, so a 5-tile gauge
 * steps 0.75 ATR a tile. Beyond full scale the gauge stays pinned at its end tile.
 */
export function meterLevel(reading: number, tiles: number = METER_TILES): number {
  const half = halfOf(tiles);
  if (!Number.isFinite(reading)) return reading > 0 ? half : reading < 0 ? -half : 0;
  const step = METER_FULL_SCALE_ATR / half;
  const lit = Math.min(half, Math.floor(Math.abs(reading) / step + EPSILON));
  return reading < 0 ? -lit : lit;
}

export interface MeterTile {
  /** Position from the centre tile: −half … +half. */
  offset: number;
  lit: boolean;
  tone: 'down' | 'flat' | 'up';
  /** 0 at the centre, 1 at either end: colour deepens from the centre out. */
  strength: number;
}

/** The gauge's tiles, left to right. Nothing lights without a reading (gauge unavailable). */
export function meterTiles(reading: number | null, tiles: number = METER_TILES): MeterTile[] {
  const half = halfOf(tiles);
  const level = reading === null ? null : meterLevel(reading, tiles);
  const out: MeterTile[] = [];
  for (let offset = -half; offset <= half; offset++) {
    const lit =
      level !== null &&
      (offset === 0 ||
        (level < 0 && offset < 0 && offset >= level) ||
        (level > 0 && offset > 0 && offset <= level));
    out.push({
      offset,
      lit,
      tone: offset < 0 ? 'down' : offset > 0 ? 'up' : 'flat',
      strength: Math.abs(offset) / half,
    });
  }
  return out;
}
