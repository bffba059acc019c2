import {
  type ClientEvent,
  type StreamBatchView,
  type StreamBatchWire,
  streamBatchSchema,
} from '@tapeline/core';
import { act } from '@testing-library/react';
import {
  type RequestBody,
  readAck,
  type Served,
  type SocketCall,
  SocketCallError,
  wireBody,
} from '../lib/socketAck.ts';
import type { StreamPosition } from '../lib/streamSequencer.ts';
import type { SocketRoom } from '../lib/tabSocket.ts';

// What the tab's socket module exports beside the socket: the same error, read the same way.
export { refusalOf, SocketCallError } from '../lib/socketAck.ts';

// The socket is the network in widget tests that listen to server events, as fetch is for the
// API: the tab's socket is replaced by a hand-fed one, and everything from the listener up is the
// real code, the reading of each ack with core's schema included (lib/socketAck.ts). A test
// file mocks the tab's socket with it (the module is one per test file):
//   vi.mock('../../lib/tabSocket.ts', () => import('../../test-setup/fakeSocket.ts'));

type Listener = (payload: unknown) => void;
/** A call as sent: the event and its body with `v`. */
type WireCall = readonly [event: ClientEvent, body: unknown];

/** The listeners per event, the room each event was last listened to with, the calls sent. */
export const socket = {
  listeners: new Map<string, Set<Listener>>(),
  /** The room's join and leave as they go on the wire (with `v`). */
  rooms: new Map<string, { join?: WireCall; leave?: WireCall } | undefined>(),
  /** Every call that went, as on the wire. */
  sent: [] as WireCall[],
  /**
   * Each sent call waiting for its ack, in order: the test answers it (`{ok: true, …}`, a
   * refusal, anything) with `await answer(value)`, read as the tab reads it.
   */
  answers: [] as { message: WireCall; answer: (ack: unknown) => Promise<void> }[],
  connected: true,
  /** The tab's live stream batches go here while a stream view listens. */
  stream: null as ((batch: StreamBatchView) => void) | null,
  /** Where recent views said the tab's stream stands (`seedStream`). */
  seeds: [] as StreamPosition[],
};

export function socketConnected(): boolean {
  return socket.connected;
}

/** Records the call as sent; rejects 'offline' at once while `socket.connected` is false. */
export function request<E extends ClientEvent>(event: E, body: RequestBody<E>): Promise<Served<E>> {
  if (!socket.connected) return Promise.reject(new SocketCallError(event, 'offline'));
  const message = [event, wireBody<E>(body)] as const;
  socket.sent.push(message);
  return new Promise((resolve, reject) => {
    const settle = (ack: unknown) => {
      try {
        resolve(readAck(event, ack));
      } catch (failure) {
        reject(failure);
      }
    };
    // Settled inside act, and what the caller's continuations do with it before act ends: a few
    // microtask turns, not a timer (tests with fake timers answer calls too).
    const answer = (ack: unknown) =>
      act(async () => {
        settle(ack);
        for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
      });
    socket.answers.push({ message, answer });
  });
}

export function subscribeStream(listener: (batch: StreamBatchView) => void): () => void {
  socket.stream = listener;
  return () => {
    if (socket.stream === listener) socket.stream = null;
  };
}

export function seedStream(position: StreamPosition): void {
  socket.seeds.push(position);
}

/** A stream frame arrives: read with core's batch schema as the tab's decoder reads it, then heard. */
export function streamArrives(batch: StreamBatchWire): void {
  const { v: _v, ...view } = streamBatchSchema.parse(batch);
  act(() => socket.stream?.(view));
}

/** A call as it goes on the wire: `[event, {v, …body}]`. */
const onWire = (call: SocketCall | undefined): WireCall | undefined =>
  call && [call[0], wireBody(call[1] as RequestBody<(typeof call)[0]>)];

export function listenSocket(event: string, listener: Listener, room?: SocketRoom) {
  const set = socket.listeners.get(event) ?? new Set();
  set.add(listener);
  socket.listeners.set(event, set);
  socket.rooms.set(event, room && { join: onWire(room.join), leave: onWire(room.leave) });
  return () => set.delete(listener);
}

/** Delivers a server event to the listeners, as the tab's socket would. */
export const emit = (event: string, payload: unknown) =>
  act(() => {
    for (const listener of socket.listeners.get(event) ?? []) listener(payload);
  });
