import {
  type ChannelContext,
  channelAccepts,
  type FilterableEntry,
  type StreamBatchView,
  type StreamChannel,
  type StreamEntryView,
} from '@tapeline/core';

function filterable(e: StreamEntryView): FilterableEntry {
  return { symbol: e[0], last: e[1], count: e[2], volume: e[5], float: e[7], atr: e[9], gap: e[10] };
}

/** The part of a batch a channel shows; the same batch object when the channel takes all of it. */
export function filterBatch(
  batch: StreamBatchView,
  channel: StreamChannel,
  ctx: ChannelContext,
): StreamBatchView {
  const keep = (e: StreamEntryView) => channelAccepts(channel, filterable(e), ctx);
  const highs = batch.highs.filter(keep);
  const lows = batch.lows.filter(keep);
  const halts = batch.halts.filter(keep);
  if (
    highs.length === batch.highs.length &&
    lows.length === batch.lows.length &&
    halts.length === batch.halts.length
  )
    return batch;
  return { ts: batch.ts, highs, lows, halts };
}
