import { STREAM_BACKLOG_MAX, STREAM_EVENTS, streamBatchSchema } from '@tapeline/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { dataHost } from '../../lib/dataHost.ts';
import { appStores, readToken } from '../../lib/session.ts';
import { connectSocket } from '../../lib/socket.ts';
import { emptyView, FLUSH_MS, StreamBuffer, type StreamView } from './streamBuffer.ts';

const backlogSchema = z.object({ data: z.array(streamBatchSchema).max(STREAM_BACKLOG_MAX) });
const decoder = new TextDecoder();

export interface LiveStream {
  view: StreamView;
  connected: boolean;
  /** Wall time of the last batch received, 0 before any. */
  lastBatchAt: number;
  loadRecent(): Promise<void>;
}

/** The live stream: socket batches into the buffer, flushed into the view every 2 s. */
export function useLiveStream(): LiveStream {
  const buffer = useRef(new StreamBuffer());
  const [view, setView] = useState<StreamView>(emptyView);
  const [connected, setConnected] = useState(false);
  const [lastBatchAt, setLastBatchAt] = useState(0);

  useEffect(() => {
    const socket = connectSocket(() => readToken(appStores));
    socket.on('connect', () => {
      setConnected(true);
      socket.emit(STREAM_EVENTS.subscribe);
    });
    socket.on('disconnect', () => setConnected(false));
    socket.on(STREAM_EVENTS.update, (bytes: ArrayBuffer) => {
      const parsed = streamBatchSchema.safeParse(JSON.parse(decoder.decode(bytes)));
      if (!parsed.success) return;
      buffer.current.push(parsed.data);
      setLastBatchAt(Date.now());
    });
    const flush = setInterval(() => setView((shown) => buffer.current.flush(shown)), FLUSH_MS);
    return () => {
      clearInterval(flush);
      socket.close();
    };
  }, []);

  const loadRecent = useCallback(async () => {
    const { data } = await dataHost.get('/data/stream_bk', backlogSchema);
    for (const batch of data) buffer.current.push(batch);
    setView((shown) => buffer.current.flush(shown));
  }, []);

  return { view, connected, lastBatchAt, loadRecent };
}
