import {
  CHAT_EVENTS,
  type ChatEvent,
  chatEventSchema,
  PROTOCOL_VERSION,
  type SocketAck,
} from '@tapeline/core';
import type { Socket } from 'socket.io-client';
import type { TestApp } from '../../../test/testApp.ts';
import { connectTab, until } from '../../../test/waitFor.ts';

// A trader's chat tab in tests: a real socket.io client that records every `chat` event (each
// checked against the core schema) and sends calls with their acks.

/** The one ack shape; a served chat_send carries the message's id. */
export type ChatAck = SocketAck<{ id?: number }>;

export interface ChatTab {
  socket: Socket;
  events: ChatEvent[];
  /** Emits `event` with `body` (v added unless given) and answers the ack (`id`: chat_send's). */
  call(event: string, body: Record<string, unknown>): Promise<ChatAck>;
  /** Waits for the first recorded event matching `match`. */
  next<T extends ChatEvent['type']>(
    type: T,
    match?: (event: Extract<ChatEvent, { type: T }>) => boolean,
  ): Promise<Extract<ChatEvent, { type: T }>>;
  of<T extends ChatEvent['type']>(type: T): Extract<ChatEvent, { type: T }>[];
}

export const openTabs: Socket[] = [];

export async function chatTab(app: TestApp, token: string): Promise<ChatTab> {
  const socket = await connectTab(app.baseUrl, token);
  openTabs.push(socket);
  const events: ChatEvent[] = [];
  // One frame may carry several events (a room's events of one turn, roomBatcher.ts).
  socket.on(CHAT_EVENTS.update, (...frame: unknown[]) => {
    for (const event of frame) events.push(chatEventSchema.parse(event));
  });
  const of = <T extends ChatEvent['type']>(type: T) =>
    events.filter((e): e is Extract<ChatEvent, { type: T }> => e.type === type);
  return {
    socket,
    events,
    call: async (event, body) =>
      (await socket.timeout(5000).emitWithAck(event, { v: PROTOCOL_VERSION, ...body })) as ChatAck,
    next: (type, match = () => true) => until(`chat ${type}`, () => of(type).find(match)),
    of,
  };
}

/** Joins a channel and fails loudly if refused. */
export async function joined(app: TestApp, token: string, channel: string): Promise<ChatTab> {
  const tab = await chatTab(app, token);
  const ack = await tab.call(CHAT_EVENTS.subscribe, { channel });
  if (!ack.ok) throw new Error(`subscribe refused: ${ack.error}`);
  return tab;
}

export function closeTabs(): void {
  for (const socket of openTabs.splice(0)) socket.close();
}

/** The per-user post rate is 5 per 10 s on the app's clock: step past it between posts. */
export const POST_STEP_MS = 2001;
