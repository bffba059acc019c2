import type { StreamChannel, StreamRangeKey } from './configSchema.ts';
import { STREAM_RANGES } from './configSchema.ts';

/** What a channel filter needs to know about a stream entry beyond the entry itself. */
export interface ChannelContext {
  popular: ReadonlySet<string>;
  favorites: ReadonlySet<string>;
  /** Sector code of a symbol, when known. */
  sectorOf(symbol: string): number | undefined;
  /** Pro Plus may filter on ATR % and gap %; for others those ranges are ignored. */
  proPlus: boolean;
  /** A gate every channel applies first (the options display mode Filter: optionable only). */
  accepts?(symbol: string): boolean;
}

/** The fields of a stream entry a filter reads (spec §3 Stream entry indexes). */
export interface FilterableEntry {
  symbol: string;
  last: number;
  count: number;
  volume: number;
  float: number | null;
  atr: number | null;
  gap: number | null;
}

function inRange(key: StreamRangeKey, value: number | null, range: { min: number; max: number }): boolean {
  const top = STREAM_RANGES[key].max;
  if (range.min <= STREAM_RANGES[key].min && range.max >= top) return true;
  // Unknown values only pass an untouched range; a trader who set one wants known numbers.
  if (value === null) return false;
  return value >= range.min && (range.max >= top || value <= range.max);
}

/** Whether a stream entry shows in a channel. */
export function channelAccepts(channel: StreamChannel, entry: FilterableEntry, ctx: ChannelContext): boolean {
  if (ctx.accepts && !ctx.accepts(entry.symbol)) return false;
  switch (channel.type) {
    case 'none':
      return false;
    case 'popular':
      return ctx.popular.has(entry.symbol);
    case 'fav':
      return ctx.favorites.has(entry.symbol);
    case 'custom':
      return channel.value.custom_view.includes(entry.symbol);
    case 'filter': {
      const v = channel.value;
      if (!inRange('price', entry.last, v.price)) return false;
      if (!inRange('volume', entry.volume, v.volume)) return false;
      if (!inRange('float', entry.float, v.float)) return false;
      if (!inRange('count', entry.count, v.count)) return false;
      if (ctx.proPlus && !inRange('atr', entry.atr, v.atr)) return false;
      if (ctx.proPlus && !inRange('gap', entry.gap, v.gap)) return false;
      const sector = ctx.sectorOf(entry.symbol);
      return sector === undefined || v.industries[String(sector)] !== false;
    }
  }
}
