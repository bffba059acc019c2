import {
  type ClientEvent,
  STREAM_EVENTS,
  type StreamBatchView,
  type StreamResumeFailure,
} from '@tapeline/core';
import type { Socket } from 'socket.io-client';
import { createStore } from 'zustand/vanilla';
import { markReconnected, setConnectionStatus } from './connectionStatus.ts';
import { marketClock } from './marketClockStore.ts';
import { appStores, readToken } from './session.ts';
import { connectSocket } from './socket.ts';
import {
  type RequestBody,
  readAck,
  refusalOf,
  type Served,
  type SocketCall,
  SocketCallError,
  wireBody,
} from './socketAck.ts';
import { decodeStreamBatch, orderedStreamDecoder } from './streamDecode.ts';
import { createStreamSequencer, type StreamPosition, signalStreamRefill } from './streamSequencer.ts';

// The tab's one socket.io connection, shared by everything live in the tab: the stream widgets'
// batches (in sequence, caught up after a drop), the rooms other features listen to (quotes,
// news, a chat channel, Discovery live), the user's alerts, and every call the tab makes, which
// goes through `request(event, body)` in core's socket protocol (socketProtocol.ts). It opens
// with the first listener and closes with the last.

export type { SocketCallFailure } from './socketAck.ts';
export { type RequestBody, refusalOf, type Served, type SocketCall, SocketCallError } from './socketAck.ts';

/** The one timeout of a call: how long its ack may take on a live socket (a catch-up's included). */
export const REQUEST_TIMEOUT_MS = 10_000;

type Listener = (batch: StreamBatchView) => void;
type StatusListener = (connected: boolean) => void;
type EventListener = (payload: unknown) => void;
/** What a listened event asks of the server: `join` while it has listeners, `leave` after. */
export interface SocketRoom {
  join?: SocketCall;
  leave?: SocketCall;
}

// The tab's connection and its latest batch; each subscriber hears every change of either.
const source = createStore<{ connected: boolean; batch: StreamBatchView | null }>(() => ({
  connected: false,
  batch: null,
}));
/** Stream widgets listening; the socket is subscribed to the stream room only while there are any. */
let streamSubscribers = 0;
/** Other listeners of the tab's socket (the alerts of this user), by event name. */
const eventListeners = new Map<string, Set<EventListener>>();
/**
 * The rooms listeners asked for (quotes, news, a chat channel), by their join message: each is
 * joined while at least one listener holds it, whichever event it listens to and whoever came
 * first, and left when its last holder goes.
 */
const eventRooms = new Map<string, { room: SocketRoom; holders: number }>();
let socket: Socket | null = null;
/** The socket was connected and dropped: its next connect is a reconnect, with a catch-up. */
let dropped = false;
/** The last resume's answer broke the connection (unreadable): the reconnect refills instead. */
let unreadableResume = false;

/** The tab's batches in sequence: repeats dropped, holes asked for (streamSequencer.ts). */
const sequencer = createStreamSequencer({
  deliver: (batch) => {
    // The market clock and the tape's age ride every batch (marketClockStore.ts).
    marketClock.batch(batch);
    source.setState({ batch });
  },
  // A hole in the live sequence (or between a recent view and the first live batch) is filled
  // quietly: the pill is for the user's connection, not for a batch that came out of order.
  resume: (position) => {
    if (socket) askResume(socket, position, false);
  },
  refill: signalStreamRefill,
});

const eventListenerCount = () => [...eventListeners.values()].reduce((n, set) => n + set.size, 0);

/**
 * The tab's one way to call the server (opening the socket if nothing has): `event`'s body as
 * core's protocol types it, without `v` (added here). Sent at once, before this returns, so calls
 * go out in the order they are made; only while connected: a call made with the network gone is
 * not queued for a replay later (stale typing notices and votes).
 * Resolves the served ack, `{ok: true, …answer}`, read with core's schema for the event; rejects
 * with a `SocketCallError` and nothing else: the server's refusal (`error.refusal`, the one
 * refusal shape), or no readable answer ('offline', 'timeout' after REQUEST_TIMEOUT_MS,
 * 'unreadable').
 */
export function request<E extends ClientEvent>(event: E, body: RequestBody<E>): Promise<Served<E>> {
  socket ??= open();
  const s = socket;
  if (!s.connected) return Promise.reject(new SocketCallError(event, 'offline'));
  return new Promise((resolve, reject) => {
    s.timeout(REQUEST_TIMEOUT_MS).emit(event, wireBody<E>(body), (error: unknown, ack: unknown) => {
      if (error) reject(new SocketCallError(event, 'timeout'));
      else {
        try {
          resolve(readAck(event, ack));
        } catch (failure) {
          reject(failure);
        }
      }
    });
  });
}

/**
 * A call nobody waits on (a room's join or leave): its failure is dropped, as the next reconnect
 * asks again, except a server on another protocol version, which the console says.
 */
function fire(call: SocketCall | undefined): void {
  if (!call || !socket?.connected) return;
  const [event, body] = call;
  request(event, body as RequestBody<typeof event>).catch((error: unknown) => {
    const refusal = refusalOf(error);
    if (refusal?.error === 'protocol_version') console.error(`Live ${event} refused: ${refusal.message}`);
  });
}

/** The stream room, asked on the tab's socket. */
function subscribeStreamRoom(): void {
  fire([STREAM_EVENTS.subscribe, {}]);
}

/** Why a resume was refused, as the sequencer reads it: gap, epoch, or anything else. */
const resumeFailure = (error: string): StreamResumeFailure =>
  error === 'gap' || error === 'epoch' ? error : 'refused';

/** A frame may carry several payloads (the chat sends a room's events of one turn together). */
function relay(event: string): (...payloads: unknown[]) => void {
  return (...payloads) => {
    for (const payload of payloads) for (const listener of eventListeners.get(event) ?? []) listener(payload);
  };
}

/**
 * Asks the server for the batches after `position` and hands them, decoded as live frames are,
 * to the sequencer; one it cannot serve (or no answer on a live socket) refills the views. An
 * answer lost to a drop is asked again on the reconnect. After a reconnect (`shown`) the tab
 * says "Catching up…" until the answer is in.
 */
function askResume(s: Socket, position: StreamPosition, shown: boolean): void {
  if (s !== socket || !s.connected) return;
  if (shown) setConnectionStatus('catching-up');
  const answered = async (answer: Promise<Served<typeof STREAM_EVENTS.resume>>) => {
    try {
      const { batches } = await answer;
      if (s !== socket || !s.connected) return;
      const decoded = await Promise.all(batches.map((bytes) => decodeStreamBatch(bytes)));
      if (s !== socket) return;
      sequencer.resumed(decoded.filter((batch) => batch !== null));
    } catch (error) {
      if (s !== socket || !s.connected) return;
      sequencer.resumeFailed(resumeFailure(refusalOf(error)?.error ?? 'failed'));
    }
    if (shown && s.connected) setConnectionStatus('live');
  };
  // Asked on the tab's socket, which `s` is: the answer is dropped if it has been replaced since.
  void answered(request(STREAM_EVENTS.resume, { ep: position.ep, since: position.seq }));
}

/** The browser says the network is gone: say so now and drop a WebSocket that may be dead. */
function wentOffline(): void {
  if (!socket) return;
  setConnectionStatus('reconnecting');
  // Until the ping times out a dead WebSocket looks open; closing the transport starts the retry.
  if (socket.connected) socket.io.engine?.close();
}

/** The network is back: try now rather than at the end of the retry's back-off. */
function cameOnline(): void {
  if (socket && !socket.connected) socket.connect();
}

function open(): Socket {
  const s = connectSocket(() => readToken(appStores));
  setConnectionStatus('connecting');
  s.on('connect', () => {
    const reconnect = dropped;
    dropped = false;
    if (streamSubscribers > 0) subscribeStreamRoom();
    // A reconnect is a new server-side socket: its rooms are gone, so every join is asked again.
    for (const { room } of eventRooms.values()) fire(room.join);
    source.setState({ connected: true });
    if (!reconnect) {
      setConnectionStatus('live');
      return;
    }
    // After the subscribe, so no batch falls between what the resume answers and the live ones.
    if (unreadableResume && streamSubscribers > 0) {
      unreadableResume = false;
      sequencer.resumeFailed('refused');
      markReconnected('live');
      return;
    }
    const position = streamSubscribers > 0 ? sequencer.beginResume() : null;
    markReconnected(position ? 'catching-up' : 'live');
    if (position) askResume(s, position, true);
  });
  // The first connect failed (a proxy or extension blocks it, the server is down): say so rather
  // than wait silently; socket.io keeps trying, and the connect above says live.
  s.on('connect_error', () => {
    if (s === socket && !s.connected && !dropped) setConnectionStatus('unreachable');
  });
  s.on('disconnect', (reason: string) => {
    // An answer this client cannot read would break every reconnect the same way.
    if (reason === 'parse error' && sequencer.resuming()) unreadableResume = true;
    dropped = true;
    sequencer.interrupted();
    source.setState({ connected: false });
    setConnectionStatus('reconnecting');
  });
  if (typeof window !== 'undefined') {
    window.addEventListener('offline', wentOffline);
    window.addEventListener('online', cameOnline);
  }
  // Inflated and parsed once per batch for every stream widget of the tab, in arrival order,
  // then put in sequence.
  const decode = orderedStreamDecoder((batch) => {
    if (s === socket && streamSubscribers > 0) sequencer.push(batch);
  });
  s.on(STREAM_EVENTS.update, (bytes: ArrayBuffer) => decode(bytes));
  for (const event of eventListeners.keys()) s.on(event, relay(event));
  return s;
}

/** The socket closes when nothing of the tab listens any more. */
function closeIfUnused(): void {
  if (streamSubscribers > 0 || eventListenerCount() > 0 || !socket) return;
  socket.close();
  socket = null;
  dropped = false;
  unreadableResume = false;
  sequencer.reset();
  if (typeof window !== 'undefined') {
    window.removeEventListener('offline', wentOffline);
    window.removeEventListener('online', cameOnline);
  }
  source.setState({ connected: false, batch: null });
  setConnectionStatus('connecting');
}

/** One socket per tab shared by every stream widget; it closes when the last one leaves. */
export function subscribeStream(listener: Listener, onStatus?: StatusListener): () => void {
  const stop = source.subscribe((now, before) => {
    if (now.batch && now.batch !== before.batch) listener(now.batch);
    if (onStatus && now.connected !== before.connected) onStatus(now.connected);
  });
  streamSubscribers += 1;
  // The socket may already be open for the tab's alerts: join the stream room on it now.
  if (streamSubscribers === 1 && socket?.connected) subscribeStreamRoom();
  socket ??= open();
  if (onStatus && socket.connected) onStatus(true);
  return () => {
    stop();
    streamSubscribers -= 1;
    if (streamSubscribers === 0 && socket?.connected && eventListenerCount() > 0) {
      // The alerts keep the socket; the stream's batches are no longer wanted.
      fire([STREAM_EVENTS.channelUnsubscribe, { channel: 'stream' }]);
      sequencer.reset();
      source.setState({ batch: null });
    }
    closeIfUnused();
  };
}

/**
 * A stream view was filled from the server as of `position` (channelViews): before the first
 * live batch the tab's sequence starts there, so a batch missed between the answer and the
 * subscription, or a drop before any live batch, is asked for like any other hole.
 */
export function seedStream(position: StreamPosition): void {
  if (streamSubscribers > 0) sequencer.seed(position);
}

/**
 * Whether a call made now would go out: for a caller that must know at once (the chat's send
 * marks its message on its way before the ack, which may come after the message's echo).
 */
export function socketConnected(): boolean {
  return socket?.connected ?? false;
}

/**
 * Listens for one server event on the tab's socket (opening it if no stream widget has), e.g.
 * the user's fired alerts. Payloads are unchecked: the listener parses them with core's schema.
 * `room.join` is sent on every (re)connect while a listener holds that room (and at once if the
 * socket is already up), `room.leave` when its last holder goes — for events the server only
 * sends after a subscribe (quotes, news, a chat channel). Listeners of one event may hold
 * different rooms (two chat channels) or none (the app-wide mention toast): each hears every
 * payload of the event and keeps what is its own.
 */
export function listenSocket(event: string, listener: EventListener, room?: SocketRoom): () => void {
  let set = eventListeners.get(event);
  if (!set) {
    set = new Set();
    eventListeners.set(event, set);
    socket?.on(event, relay(event));
  }
  set.add(listener);
  const key = room ? JSON.stringify([event, room.join ?? null, room.leave ?? null]) : null;
  if (room && key) {
    const held = eventRooms.get(key);
    if (held) held.holders += 1;
    else {
      eventRooms.set(key, { room, holders: 1 });
      fire(room.join);
    }
  }
  socket ??= open();
  return () => {
    set.delete(listener);
    if (set.size === 0 && eventListeners.get(event) === set) {
      eventListeners.delete(event);
      socket?.off(event);
    }
    const held = key ? eventRooms.get(key) : undefined;
    if (key && held && --held.holders === 0) {
      eventRooms.delete(key);
      fire(held.room.leave);
    }
    closeIfUnused();
  };
}
