import { STREAM_RANGES, type StreamChannelValue } from '@tapeline/core';

// A `filter` stream channel compiled to flat bounds, so a category rule checks a new high or
// low exactly as core's channelAccepts shows it in the channel (same ranges, same "a max at the
// top of its range is unbounded", same "an unknown value passes only an untouched range", ATR %
// and gap % only for Pro Plus, sectors switched off in `industries` dropped) — in a few
// comparisons per distinct filter. channelRange.matches-channel-accepts.test.ts holds the two
// side by side.

/** Order of the ranges in the compiled arrays. */
export const RANGE_KEYS = ['price', 'volume', 'float', 'count', 'atr', 'gap'] as const;
export const R_PRICE = 0;
export const R_VOLUME = 1;
export const R_FLOAT = 2;
export const R_COUNT = 3;
export const R_ATR = 4;
export const R_GAP = 5;

export interface CompiledChannelRange {
  readonly lo: Float64Array;
  readonly hi: Float64Array;
  /** 1: the range is untouched (or not applied) and passes anything, unknown values too. */
  readonly open: Uint8Array;
  /** The ranges that are not open, so an entry checks only those. */
  readonly active: Uint8Array;
  /** Sector codes switched off, as a bit set over 0…1023. */
  readonly blocked: Uint32Array;
  /** Whether the ATR % range applies (the only figure costly to read). */
  readonly needsAtr: boolean;
  /** Equal for two channels that accept the same entries. */
  readonly key: string;
}

export function compileChannelRange(v: StreamChannelValue, proPlus: boolean): CompiledChannelRange {
  const n = RANGE_KEYS.length;
  const lo = new Float64Array(n);
  const hi = new Float64Array(n);
  const open = new Uint8Array(n);
  RANGE_KEYS.forEach((key, k) => {
    const r = v[key];
    const { min: bottom, max: top } = STREAM_RANGES[key];
    const applies = proPlus || (key !== 'atr' && key !== 'gap');
    if (!applies || (r.min <= bottom && r.max >= top)) {
      open[k] = 1;
      lo[k] = Number.NEGATIVE_INFINITY;
      hi[k] = Number.POSITIVE_INFINITY;
      return;
    }
    lo[k] = r.min;
    hi[k] = r.max >= top ? Number.POSITIVE_INFINITY : r.max;
  });
  const blocked = new Uint32Array(32);
  const off: number[] = [];
  for (const [code, shown] of Object.entries(v.industries)) {
    const c = Number(code);
    if (shown === false && c >= 0 && c < 1024) {
      blocked[c >>> 5] = (blocked[c >>> 5] as number) | (1 << (c & 31));
      off.push(c);
    }
  }
  off.sort((a, b) => a - b);
  const bounds = RANGE_KEYS.map((_, k) => (open[k] ? '*' : `${lo[k]}~${hi[k]}`)).join('|');
  const active = Uint8Array.from(RANGE_KEYS.flatMap((_, k) => (open[k] ? [] : [k])));
  return {
    lo,
    hi,
    open,
    active,
    blocked,
    needsAtr: open[R_ATR] === 0,
    key: `${bounds}|off:${off.join(',')}`,
  };
}

/**
 * Whether an entry passes: `fig` holds the entry's figures in RANGE_KEYS order, NaN when
 * unknown (ATR may be left NaN when no compiled range needs it).
 */
export function rangeAccepts(r: CompiledChannelRange, fig: Float64Array, sector: number): boolean {
  const active = r.active;
  for (let a = 0; a < active.length; a++) {
    const k = active[a] as number;
    const x = fig[k] as number;
    if (!(x >= (r.lo[k] as number) && x <= (r.hi[k] as number))) return false;
  }
  return !(
    sector >= 0 &&
    sector < 1024 &&
    (((r.blocked[sector >>> 5] as number) >>> (sector & 31)) & 1) === 1
  );
}
