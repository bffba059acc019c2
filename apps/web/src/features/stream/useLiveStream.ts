import {
  type ChannelContext,
  STREAM_BACKLOG_MAX,
  type StreamChannel,
  streamBatchSchema,
} from '@tapeline/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { dataHost } from '../../lib/dataHost.ts';
import { subscribeStream } from '../../lib/streamSource.ts';
import { filterBatch } from './channelFilter.ts';
import { emptyView, FLUSH_MS, StreamBuffer, type StreamView } from './streamBuffer.ts';

const backlogSchema = z.object({ data: z.array(streamBatchSchema).max(STREAM_BACKLOG_MAX) });

export interface LiveStream {
  view: StreamView;
  connected: boolean;
  /** Wall time of the last batch received as of the last flush, 0 before any. */
  lastBatchAt: number;
  loadRecent(): Promise<void>;
}

/**
 * One channel of the live stream: the tab's shared socket batches, filtered for the channel,
 * into this widget's buffer, flushed into the view every 2 s. A channel change starts afresh.
 */
export function useLiveStream(channel: StreamChannel, ctx: ChannelContext): LiveStream {
  const buffer = useRef(new StreamBuffer());
  const filter = useRef({ channel, ctx });
  filter.current = { channel, ctx };
  const [view, setView] = useState<StreamView>(emptyView);
  const [connected, setConnected] = useState(false);
  const [lastBatchAt, setLastBatchAt] = useState(0);
  // Batches arrive several times a second; the widget re-renders only when the flush shows them.
  const lastArrival = useRef(0);
  const shownArrival = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the channel's identity restarts the view
  useEffect(() => {
    buffer.current = new StreamBuffer();
    setView(emptyView());
  }, [channel]);

  useEffect(() => {
    const stop = subscribeStream((batch) => {
      buffer.current.push(filterBatch(batch, filter.current.channel, filter.current.ctx));
      lastArrival.current = Date.now();
    }, setConnected);
    // One render per flush, and none when nothing arrived since the last one.
    const flush = setInterval(() => {
      if (buffer.current.size > 0) setView((shown) => buffer.current.flush(shown));
      if (lastArrival.current !== shownArrival.current) {
        shownArrival.current = lastArrival.current;
        setLastBatchAt(lastArrival.current);
      }
    }, FLUSH_MS);
    return () => {
      clearInterval(flush);
      stop();
    };
  }, []);

  const loadRecent = useCallback(async () => {
    const { data } = await dataHost.get('/data/stream_bk', backlogSchema);
    for (const batch of data)
      buffer.current.push(filterBatch(batch, filter.current.channel, filter.current.ctx));
    setView((shown) => buffer.current.flush(shown));
  }, []);

  return { view, connected, lastBatchAt, loadRecent };
}
