import { inflateRawSync } from 'node:zlib';
import {
  PROTOCOL_VERSION,
  streamBatchSchema,
  WS_V1_MARKET_STREAMS,
  type WsV1MarketStream,
} from '@tapeline/core';
import type { Log } from '../../../platform/log.ts';

/** One engine batch as the bots' messages, each serialized once (absent: the batch had no entries there). */
export type MarketFrames = Partial<Record<WsV1MarketStream, string>>;

/**
 * An engine batch (raw-deflated JSON, as the socket.io room gets it) as one `data` message per
 * market stream with entries, named fields instead of the socket.io wire's arrays. The epoch is
 * the bus frame's (and the backlog's). Null for a batch of another protocol or shape.
 */
export function marketFramesOf(ep: number, deflated: Buffer, log: Log): MarketFrames | null {
  let parsed: ReturnType<typeof streamBatchSchema.safeParse>;
  try {
    parsed = streamBatchSchema.safeParse(JSON.parse(inflateRawSync(deflated).toString('utf8')));
  } catch {
    log.warn('stream batch for bots not readable');
    return null;
  }
  if (!parsed.success || parsed.data.v !== PROTOCOL_VERSION) return null;
  const batch = parsed.data;
  const frames: MarketFrames = {};
  for (const stream of WS_V1_MARKET_STREAMS) {
    const entries = batch[stream];
    if (entries.length === 0) continue;
    frames[stream] = JSON.stringify({ type: 'data', stream, ep, seq: batch.seq, entries });
  }
  return frames;
}
