import {
  type ChannelContext,
  channelAccepts,
  PROTOCOL_VERSION,
  STREAM_RECENT_PER_SIDE,
  type StreamChannel,
  type StreamEntryWire,
} from '@tapeline/core';
import type { EngineState, FigureState } from '../engine/engineState.ts';
import { lastPrice } from '../engine/metrics.ts';
import { blankEntry, entry, uvolEntry } from './drain.ts';
import type { StreamBatch } from './entry.ts';

export interface RecentStreamOptions {
  /** The channel the widget shows (core `streamRecentChannel` of the request's query). */
  channel: StreamChannel;
  ctx: ChannelContext;
  /** Symbols a trader may see (test symbols are not). */
  listed(id: number): boolean;
  limit?: number;
}

/**
 * What a Stream widget that mounts now shows at once (docs/continuity.md §1): from the day's
 * state rather than from kept batches, every listed symbol whose latest high (low, halt, unusual-volume level) of the
 * day passes the channel, the newest `limit` per side by event time, oldest first so the
 * client's merge puts the newest on top. `seq` is the last published batch: a live batch with a
 * higher one came after this picture. Not a hot path: the runtime memoizes the answer.
 */
export function recentStream(
  e: FigureState & Pick<EngineState, 'queue' | 'reasons'> & { readonly epoch: number },
  now: number,
  options: RecentStreamOptions,
): StreamBatch {
  const d = e.day;
  const t = e.table;
  const limit = options.limit ?? STREAM_RECENT_PER_SIDE;
  const out = blankEntry();
  // The picture goes out now: its entries' publish time (their live batches' went before).
  out.publishedTs = now;

  const side = (times: Float64Array, make: (id: number) => StreamEntryWire): StreamEntryWire[] => {
    const ids: number[] = [];
    for (let id = 0; id < t.count; id++) {
      if (Number.isFinite(times[id] as number) && options.listed(id)) ids.push(id);
    }
    ids.sort((a, b) => (times[b] as number) - (times[a] as number) || b - a);
    const kept: StreamEntryWire[] = [];
    for (const id of ids) {
      const wire = make(id);
      // `entry` filled `out` with this symbol's figures: the fields the channel reads.
      if (!channelAccepts(options.channel, out, options.ctx)) continue;
      kept.push(wire);
      if (kept.length === limit) break;
    }
    return kept.reverse();
  };

  /** A high (low) side: its price, count and time columns, as drain.ts encodes them. */
  const extremes = (price: Float64Array, count: Uint32Array, times: Float64Array) =>
    side(times, (id) => {
      const p = price[id] as number;
      const at = times[id] as number;
      return entry(e, out, id, p, count[id] as number, d.last[id] === p, t.optionable[id] as number, at);
    });
  const highs = extremes(d.high, d.highCount, d.highTs);
  const lows = extremes(d.low, d.lowCount, d.lowTs);
  // One entry per symbol: its latest halt or resumption, as it stands now.
  const halts = side(d.haltTs, (id) =>
    entry(
      e,
      out,
      id,
      lastPrice(e, id),
      d.haltCount[id] as number,
      d.halted[id] === 1,
      e.reasons.values[d.haltReason[id] as number] ?? '',
      d.haltTs[id] as number,
    ),
  );
  // One entry per symbol: the latest unusual-volume level it reached today.
  const uvols = side(d.uvTs, (id) => uvolEntry(e, out, id));
  return { v: PROTOCOL_VERSION, ep: e.epoch, seq: e.queue.published, ts: now, highs, lows, halts, uvols };
}
