import { STREAM_EVENTS, type StreamBatchView } from '@tapeline/core';
import type { Socket } from 'socket.io-client';
import { appStores, readToken } from './session.ts';
import { connectSocket } from './socket.ts';
import { orderedStreamDecoder } from './streamDecode.ts';

type Listener = (batch: StreamBatchView) => void;
type StatusListener = (connected: boolean) => void;

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
  // Inflated and parsed once per batch for every stream widget of the tab, in arrival order.
  const decode = orderedStreamDecoder((batch) => {
    for (const l of listeners) l(batch);
  });
  s.on(STREAM_EVENTS.update, (bytes: ArrayBuffer) => decode(bytes));
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
