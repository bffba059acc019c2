import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * The tab's socket as the user should know it (docs/continuity.md §2):
 * - `connecting`: the first connect of a socket, nothing to catch up;
 * - `live`: connected and current;
 * - `reconnecting`: the connection dropped (or the browser went offline) and is being retried;
 * - `catching-up`: connected again, the missed stream batches are being fetched;
 * - `unreachable`: the first connect failed (blocked, refused, server down) and is being retried.
 */
export type ConnectionStatus = 'connecting' | 'live' | 'reconnecting' | 'catching-up' | 'unreachable';

interface ConnectionState {
  status: ConnectionStatus;
  /** Counts connects after a drop, so listeners (the alerts) can ask for what they missed. */
  reconnects: number;
}

// A module of its own, without socket.io: the dashboard bar reads it from the main chunk, while
// the socket client loads with the widgets that need it (e2e/bundle.spec.ts).
export const connectionStore = createStore<ConnectionState>(() => ({ status: 'connecting', reconnects: 0 }));

export function setConnectionStatus(status: ConnectionStatus): void {
  if (connectionStore.getState().status !== status) connectionStore.setState({ status });
}

/** The socket is back after a drop: status first, then the reconnect listeners hear it. */
export function markReconnected(status: ConnectionStatus): void {
  const { reconnects } = connectionStore.getState();
  connectionStore.setState({ status, reconnects: reconnects + 1 });
}

/** Hears every status change; returns the unsubscribe. */
export function subscribeConnection(listener: (status: ConnectionStatus) => void): () => void {
  return connectionStore.subscribe((now, before) => {
    if (now.status !== before.status) listener(now.status);
  });
}

/** Hears each connect that follows a drop (not the first connect of a socket). */
export function onReconnect(listener: () => void): () => void {
  return connectionStore.subscribe((now, before) => {
    if (now.reconnects !== before.reconnects) listener();
  });
}

export function useConnectionStatus(): ConnectionStatus {
  return useStore(connectionStore, (s) => s.status);
}
