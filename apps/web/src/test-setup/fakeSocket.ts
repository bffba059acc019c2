import { type StreamBatchView, type StreamBatchWire, streamBatchSchema } from '@tapeline/core';
import { act } from '@testing-library/react';
import type { StreamPosition } from '../lib/streamSequencer.ts';

// The socket is the network in widget tests that listen to server events, as fetch is for the
// API: the tab's socket is replaced by a hand-fed one, and everything from the listener up is the
// real code. A test file mocks the stream source with it (the module is one per test file):
//   vi.mock('../../lib/streamSource.ts', () => import('../../test-setup/fakeSocket.ts'));

type Listener = (payload: unknown) => void;

/** The listeners per event, the room each event was last listened to with, the messages sent. */
export const socket = {
  listeners: new Map<string, Set<Listener>>(),
  rooms: new Map<string, unknown>(),
  sent: [] as (readonly [string, unknown?])[],
  /** The ack callbacks of sent calls that asked for one, in order: a test answers a refusal. */
  answers: [] as { message: readonly [string, unknown?]; answer: (value: unknown) => void }[],
  /** Requests that wait for an answer (`alerts_resume`): the test calls `answer(value)`. */
  requests: [] as { message: readonly [string, unknown?]; answer: (value: unknown) => void }[],
  connected: true,
  /** The tab's live stream batches go here while a stream view listens. */
  stream: null as ((batch: StreamBatchView) => void) | null,
  /** Where recent views said the tab's stream stands (`seedStream`). */
  seeds: [] as StreamPosition[],
};

/** Records what the tab sends; nothing goes while `socket.connected` is false. */
export function sendSocket(
  message: readonly [string, unknown?],
  onAnswer?: (answer: unknown) => void,
): boolean {
  if (!socket.connected) return false;
  socket.sent.push(message);
  if (onAnswer) socket.answers.push({ message, answer: (value) => act(() => onAnswer(value)) });
  return true;
}

/** A request with an answer; undefined at once while `socket.connected` is false. */
export function requestSocket(message: readonly [string, unknown?]): Promise<unknown> {
  if (!socket.connected) return Promise.resolve(undefined);
  return new Promise((answer) => socket.requests.push({ message, answer }));
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

export function listenSocket(event: string, listener: Listener, room?: unknown) {
  const set = socket.listeners.get(event) ?? new Set();
  set.add(listener);
  socket.listeners.set(event, set);
  socket.rooms.set(event, room);
  return () => set.delete(listener);
}

/** Delivers a server event to the listeners, as the tab's socket would. */
export const emit = (event: string, payload: unknown) =>
  act(() => {
    for (const listener of socket.listeners.get(event) ?? []) listener(payload);
  });
