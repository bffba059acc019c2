import { z } from 'zod';
import {
  CUSTOM_LIST_MAX,
  STREAM_RANGE_KEYS,
  STREAM_RANGES,
  type StreamChannel,
  type StreamRangeKey,
} from '../dashboard/configSchema.ts';
import { isValidSymbol, normalizeSymbol, symbolSchema } from '../rules/symbol.ts';

// `GET /data/stream_bk?<query>` (docs/continuity.md §1): the recent stream of one channel,
// computed by the engine from its day state. The client sends what its channel resolves to, so
// the server needs none of the user's lists: custom, fav and popular all send their symbols.

/** The channel kinds a recent-stream query names (a `none` channel asks for nothing). */
export const STREAM_RECENT_TYPES = ['filter', 'custom', 'fav', 'popular'] as const;
export type StreamRecentType = (typeof STREAM_RECENT_TYPES)[number];

/** Newest entries per side (highs, lows, halts) in one answer, by event time. */
export const STREAM_RECENT_PER_SIDE = 300;

export interface StreamRecentRange {
  min: number;
  max: number;
}

/** A recent-stream query, read and normalized: the memo key is its JSON. */
export interface StreamRecentQuery {
  type: StreamRecentType;
  /** Filter ranges; one not sent is the whole range (STREAM_RANGES), which filters nothing. */
  price: StreamRecentRange;
  volume: StreamRecentRange;
  float: StreamRecentRange;
  atr: StreamRecentRange;
  gap: StreamRecentRange;
  count: StreamRecentRange;
  /** Sector codes switched off, ascending, without repeats. */
  off: number[];
  /** The listed symbols of custom, fav and popular: upper-cased, sorted, without repeats. */
  symbols: string[];
  /** The options display mode Filter: optionable symbols only. */
  optionable: boolean;
}

const NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;
const SECTOR_CODE = /^\d{1,3}$/;

/** `"min,max"`: two numbers within the key's STREAM_RANGES, min not above max. */
const rangeParam = (key: StreamRangeKey) =>
  z.string().transform((value, ctx): StreamRecentRange => {
    const parts = value.split(',');
    const [min, max] = parts.map(Number);
    const { min: low, max: high } = STREAM_RANGES[key];
    if (
      parts.length !== 2 ||
      !parts.every((p) => NUMBER.test(p)) ||
      min === undefined ||
      max === undefined ||
      min < low ||
      max > high ||
      min > max
    ) {
      ctx.addIssue({ code: 'custom', message: `${key} must be "min,max" within ${low}…${high}` });
      return z.NEVER;
    }
    return { min, max };
  });

const fullRange = (key: StreamRangeKey): StreamRecentRange => ({ ...STREAM_RANGES[key] });

/** A comma list; an empty value is an empty list. */
const commaList = (value: string) => (value === '' ? [] : value.split(','));

const offParam = z.string().transform((value, ctx) => {
  const codes = commaList(value);
  if (!codes.every((c) => SECTOR_CODE.test(c))) {
    ctx.addIssue({ code: 'custom', message: 'off must be sector codes separated by commas' });
    return z.NEVER;
  }
  return [...new Set(codes.map(Number))].sort((a, b) => a - b);
});

const symbolsParam = z
  .string()
  .transform(commaList)
  .pipe(z.array(symbolSchema).max(CUSTOM_LIST_MAX))
  .transform((symbols) => [...new Set(symbols)].sort());

/**
 * The query of `GET /data/stream_bk`, every value a string as a query string gives it:
 * - `type`: filter (default), custom, fav or popular.
 * - `price`, `volume`, `float`, `atr`, `gap`, `count`: `"min,max"` within STREAM_RANGES, min ≤
 *   max; one not sent is the whole range. Read for `filter` only; `atr` and `gap` only count
 *   for a Pro Plus token (the server decides, as the client's filter does).
 * - `off`: sector codes switched off, `"14,16"` (1–3 digits each); read for `filter` only.
 * - `symbols`: `"AAPL,MSFT"`, at most CUSTOM_LIST_MAX valid symbols (any case); the list of
 *   custom, fav and popular; ignored for `filter`.
 * - `optionable`: `1` for the options display mode Filter (optionable symbols only), `0` or
 *   absent otherwise.
 * Unknown keys are ignored. Any value that breaks these rules (a repeated key included) is
 * answered 400 `bad_request` with `messages.malformedRequest`.
 */
export const streamRecentQuerySchema = z
  .object({
    type: z.enum(STREAM_RECENT_TYPES).default('filter'),
    price: rangeParam('price').optional(),
    volume: rangeParam('volume').optional(),
    float: rangeParam('float').optional(),
    atr: rangeParam('atr').optional(),
    gap: rangeParam('gap').optional(),
    count: rangeParam('count').optional(),
    off: offParam.default([]),
    symbols: symbolsParam.default([]),
    optionable: z.enum(['0', '1']).default('0'),
  })
  .transform(
    (q): StreamRecentQuery => ({
      type: q.type,
      price: q.price ?? fullRange('price'),
      volume: q.volume ?? fullRange('volume'),
      float: q.float ?? fullRange('float'),
      atr: q.atr ?? fullRange('atr'),
      gap: q.gap ?? fullRange('gap'),
      count: q.count ?? fullRange('count'),
      off: q.off,
      symbols: q.symbols,
      optionable: q.optionable === '1',
    }),
  );

/** The query string's entries for a query: what the client sends, and the server reads back. */
export function encodeStreamRecentQuery(q: StreamRecentQuery): Record<string, string> {
  const params: Record<string, string> = { type: q.type };
  if (q.type === 'filter') {
    for (const key of STREAM_RANGE_KEYS) {
      const r = q[key];
      if (r.min > STREAM_RANGES[key].min || r.max < STREAM_RANGES[key].max) params[key] = `${r.min},${r.max}`;
    }
    if (q.off.length > 0) params.off = q.off.join(',');
  } else {
    params.symbols = q.symbols.join(',');
  }
  if (q.optionable) params.optionable = '1';
  return params;
}

/**
 * The query a channel asks with: its ranges and switched-off sectors, or the symbols it lists
 * (the tab's favorites or popular list for fav and popular; a symbol the query would refuse is
 * left out, it could show no entry anyway). Null for a `none` channel.
 */
export function streamRecentQueryOf(
  channel: StreamChannel,
  lists: { favorites: Iterable<string>; popular: Iterable<string>; optionable: boolean },
): StreamRecentQuery | null {
  if (channel.type === 'none') return null;
  const v = channel.value;
  const listed =
    channel.type === 'custom'
      ? v.custom_view
      : channel.type === 'fav'
        ? [...lists.favorites]
        : channel.type === 'popular'
          ? [...lists.popular]
          : [];
  const filter = channel.type === 'filter';
  const off = Object.entries(v.industries).filter(([code, shown]) => !shown && SECTOR_CODE.test(code));
  return {
    type: channel.type,
    price: filter ? { ...v.price } : fullRange('price'),
    volume: filter ? { ...v.volume } : fullRange('volume'),
    float: filter ? { ...v.float } : fullRange('float'),
    atr: filter ? { ...v.atr } : fullRange('atr'),
    gap: filter ? { ...v.gap } : fullRange('gap'),
    count: filter ? { ...v.count } : fullRange('count'),
    off: filter ? [...new Set(off.map(([code]) => Number(code)))].sort((a, b) => a - b) : [],
    symbols: [...new Set(listed.map(normalizeSymbol))].filter(isValidSymbol).sort().slice(0, CUSTOM_LIST_MAX),
    optionable: lists.optionable,
  };
}

/**
 * The channel the engine filters with (core's `channelAccepts`): a filter channel with the
 * query's ranges and sectors, or a custom channel of the query's symbols for custom, fav and
 * popular. The options Filter (`optionable`) is the caller's `accepts` gate, as on the client.
 */
export function streamRecentChannel(q: StreamRecentQuery): StreamChannel {
  const list = q.type !== 'filter';
  return {
    channel: 'main',
    title: '',
    type: list ? 'custom' : 'filter',
    value: {
      price: { ...q.price },
      volume: { ...q.volume },
      float: { ...q.float },
      atr: { ...q.atr },
      gap: { ...q.gap },
      count: { ...q.count },
      industries: list ? {} : Object.fromEntries(q.off.map((code) => [String(code), false])),
      custom_view: list ? [...q.symbols] : [],
    },
  };
}
