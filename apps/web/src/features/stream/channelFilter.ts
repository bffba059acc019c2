import {
  type ChannelContext,
  channelAccepts,
  type StreamBatchView,
  type StreamChannel,
  type StreamEntry,
} from '@tapeline/core';

/** The part of a batch a channel shows; the same batch object when the channel takes all of it. */
export function filterBatch(
  batch: StreamBatchView,
  channel: StreamChannel,
  ctx: ChannelContext,
): StreamBatchView {
  const keep = (e: StreamEntry) => channelAccepts(channel, e, ctx);
  const highs = batch.highs.filter(keep);
  const lows = batch.lows.filter(keep);
  const halts = batch.halts.filter(keep);
  const uvols = batch.uvols.filter(keep);
  if (
    highs.length === batch.highs.length &&
    lows.length === batch.lows.length &&
    halts.length === batch.halts.length &&
    uvols.length === batch.uvols.length
  )
    return batch;
  return { ep: batch.ep, seq: batch.seq, ts: batch.ts, highs, lows, halts, uvols };
}
