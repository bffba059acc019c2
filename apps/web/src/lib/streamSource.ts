import { PROTOCOL_VERSION, STREAM_EVENTS, type StreamBatchView } from '@tapeline/core';
import type { Socket } from 'socket.io-client';
import { createStore } from 'zustand/vanilla';
import { appStores, readToken } from './session.ts';
import { connectSocket } from './socket.ts';
import { orderedStreamDecoder } from './streamDecode.ts';

type Listener = (batch: StreamBatchView) => void;
type StatusListener = (connected: boolean) => void;

// The tab's connection and its latest batch; each subscriber hears every change of either.
const source = createStore<{ connected: boolean; batch: StreamBatchView | null }>(() => ({
  connected: false,
  batch: null,
}));
let subscribers = 0;
let socket: Socket | null = null;

function open(): Socket {
  const s = connectSocket(() => readToken(appStores));
  s.on('connect', () => {
    s.emit(STREAM_EVENTS.subscribe, { v: PROTOCOL_VERSION });
    source.setState({ connected: true });
  });
  s.on('disconnect', () => source.setState({ connected: false }));
  // Inflated and parsed once per batch for every stream widget of the tab, in arrival order.
  const decode = orderedStreamDecoder((batch) => source.setState({ batch }));
  s.on(STREAM_EVENTS.update, (bytes: ArrayBuffer) => decode(bytes));
  // A server on another protocol version refuses the subscription; say why rather than sit empty.
  s.on(STREAM_EVENTS.error, (refusal: { error?: string; message?: string }) => {
    if (refusal?.error === 'protocol_version') console.error(`Live stream refused: ${refusal.message}`);
  });
  return s;
}

/** One socket per tab shared by every stream widget; it closes when the last one leaves. */
export function subscribeStream(listener: Listener, onStatus?: StatusListener): () => void {
  const stop = source.subscribe((now, before) => {
    if (now.batch && now.batch !== before.batch) listener(now.batch);
    if (onStatus && now.connected !== before.connected) onStatus(now.connected);
  });
  subscribers += 1;
  socket ??= open();
  if (onStatus && socket.connected) onStatus(true);
  return () => {
    stop();
    subscribers -= 1;
    if (subscribers === 0 && socket) {
      socket.close();
      socket = null;
      source.setState({ connected: false, batch: null });
    }
  };
}
