import { STREAM_EVENTS, type StreamBatchView, streamBatchSchema } from '@tapeline/core';
import type { Socket } from 'socket.io-client';
import { appStores, readToken } from './session.ts';
import { connectSocket } from './socket.ts';

type Listener = (batch: StreamBatchView) => void;
type StatusListener = (connected: boolean) => void;

const decoder = new TextDecoder();
const listeners = new Set<Listener>();
const statusListeners = new Set<StatusListener>();
let socket: Socket | null = null;

function open(): Socket {
  const s = connectSocket(() => readToken(appStores));
  s.on('connect', () => {
    s.emit(STREAM_EVENTS.subscribe);
    for (const l of statusListeners) l(true);
  });
  s.on('disconnect', () => {
    for (const l of statusListeners) l(false);
  });
  // Parsed once per batch for every stream widget of the tab.
  s.on(STREAM_EVENTS.update, (bytes: ArrayBuffer) => {
    let json: unknown;
    try {
      json = JSON.parse(decoder.decode(bytes));
    } catch {
      return;
    }
    const parsed = streamBatchSchema.safeParse(json);
    if (!parsed.success) return;
    for (const l of listeners) l(parsed.data);
  });
  return s;
}

/** One socket per tab shared by every stream widget; it closes when the last one leaves. */
export function subscribeStream(listener: Listener, onStatus?: StatusListener): () => void {
  listeners.add(listener);
  if (onStatus) statusListeners.add(onStatus);
  socket ??= open();
  if (onStatus && socket.connected) onStatus(true);
  return () => {
    listeners.delete(listener);
    if (onStatus) statusListeners.delete(onStatus);
    if (listeners.size === 0 && socket) {
      socket.close();
      socket = null;
    }
  };
}
