import { formatVolume, STREAM_RANGES, type StreamRangeKey } from '@tapeline/core';

export interface Range {
  min: number;
  max: number;
}

/**
 * Where a range's slider stops. The ranges span up to eleven decades (float runs to 100b), so
 * a linear slider would give the small values traders care about a few pixels; the stops climb
 * 1-1.5-2-2.5-3-4-…-9 through each decade from the smallest useful step to the top.
 */
const SCALE: Readonly<Record<StreamRangeKey, { firstDecade: number; integer: boolean }>> = {
  price: { firstDecade: -1, integer: false },
  volume: { firstDecade: 3, integer: true },
  float: { firstDecade: 5, integer: true },
  count: { firstDecade: 0, integer: true },
  atr: { firstDecade: -1, integer: false },
  gap: { firstDecade: -1, integer: false },
};
const MANTISSAS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9];

const stopsCache = new Map<StreamRangeKey, readonly number[]>();

export function rangeStops(key: StreamRangeKey): readonly number[] {
  const cached = stopsCache.get(key);
  if (cached) return cached;
  const { firstDecade, integer } = SCALE[key];
  const top = STREAM_RANGES[key].max;
  const stops = new Set<number>([STREAM_RANGES[key].min]);
  for (let decade = firstDecade; 10 ** decade < top; decade += 1) {
    for (const m of MANTISSAS) {
      const raw = Number((m * 10 ** decade).toPrecision(6));
      const value = integer ? Math.round(raw) : raw;
      if (value < top) stops.add(value);
    }
  }
  stops.add(top);
  const sorted = [...stops].sort((a, b) => a - b);
  stopsCache.set(key, sorted);
  return sorted;
}

/** The slider position for a value: the highest stop at or below it. */
export function stopIndex(stops: readonly number[], value: number): number {
  let index = 0;
  for (let i = 0; i < stops.length; i += 1) {
    if ((stops[i] as number) <= value) index = i;
    else break;
  }
  return index;
}

/** Spec §5: a maximum at or above the top of the range means no upper bound. */
export function isUnbounded(key: StreamRangeKey, max: number): boolean {
  return max >= STREAM_RANGES[key].max;
}

export function isFullRange(key: StreamRangeKey, range: Range): boolean {
  return range.min <= STREAM_RANGES[key].min && isUnbounded(key, range.max);
}

/** A value as the summary and the slider's spoken text show it: $5, 50m, 12, 25%, Any. */
export function formatRangeValue(key: StreamRangeKey, value: number, side: 'min' | 'max'): string {
  if (side === 'max' && isUnbounded(key, value)) return 'Any';
  switch (key) {
    case 'price':
      return `$${formatDollars(value)}`;
    case 'volume':
    case 'float': {
      // A bound under the top that rounds to it (199,999,999 → "200m") would read as unbounded.
      const short = formatVolume(value);
      const top = STREAM_RANGES[key].max;
      return value < top && short === formatVolume(top) ? value.toLocaleString('en-US') : short;
    }
    case 'atr':
    case 'gap':
      return `${trimNumber(value)}%`;
    case 'count':
      return String(value);
  }
}

/** Whole dollars bare ($5), cents with two places ($0.50, $2.25), sub-cent prices as they are. */
function formatDollars(value: number): string {
  if (Number.isInteger(value)) return String(value);
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-9 ? value.toFixed(2) : trimNumber(value);
}

function trimNumber(value: number): string {
  return String(Number(value.toFixed(4)));
}

const UNITS: readonly [number, string][] = [
  [1e9, 'b'],
  [1e6, 'm'],
  [1e3, 'k'],
];

/**
 * A value as an input shows it: compact (50m, 1.5b) when that is exact, else every digit, so
 * reading an input back never changes what was saved.
 */
export function formatAmountInput(key: StreamRangeKey, value: number): string {
  if (key === 'volume' || key === 'float') {
    for (const [size, suffix] of UNITS) {
      const scaled = Number((value / size).toFixed(3));
      const inUnit = scaled >= 1 && (suffix === 'b' || scaled < 1000);
      if (inUnit && Math.round(scaled * size) === value) return `${scaled}${suffix}`;
    }
  }
  return trimNumber(value);
}

/** What a trader typed: 5, 0.5, $5, 2,500, 12.5k, 3m, 1.2b, 25%. Null when it is no number. */
export function parseAmount(text: string): number | null {
  const match = /^\$?\s*(\d+(?:\.\d*)?|\.\d+)\s*([kmb]?)\s*%?$/i.exec(text.trim().replaceAll(',', ''));
  if (!match) return null;
  const [, digits = '', unit = ''] = match;
  const size = { '': 1, k: 1e3, m: 1e6, b: 1e9 }[unit.toLowerCase()] ?? 1;
  return Math.round(Number(digits) * size * 1e4) / 1e4;
}

/**
 * Commits one side of a range: kept inside the range's bounds and never past the other side
 * (a min above the max pulls the max up with it, and the other way round).
 */
export function withSide(key: StreamRangeKey, range: Range, side: 'min' | 'max', value: number): Range {
  const bounds = STREAM_RANGES[key];
  const v = Math.min(bounds.max, Math.max(bounds.min, value));
  if (side === 'min') return { min: v, max: Math.max(v, range.max) };
  return { min: Math.min(v, range.min), max: v };
}
