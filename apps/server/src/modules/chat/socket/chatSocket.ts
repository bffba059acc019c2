import { type ChatEvent, PROTOCOL_VERSION } from '@tapeline/core';
import type { Server } from 'socket.io';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db/client.ts';
import type { Guards, Principal } from '../../../platform/http/guards.ts';
import type { Log } from '../../../platform/log.ts';
import type { SocketCall } from '../../../platform/realtime/socketRoute.ts';
import type { SymbolUniverse } from '../../settings/symbolUniverse.ts';
import type { ChatRepository } from '../repository.ts';
import type { RoomBatcher } from './roomBatcher.ts';

// What the chat's socket handlers share (docs/chat.md "Socket"). Each event is a `socketRoute`
// (chatModule.ts): version, schema, rate and guard are checked there, refusals answer the one ack.

export const channelRoom = (channel: string) => `chat:${channel}`;
export const CHANNEL_ROOM_PREFIX = 'chat:';

/** What the chat's socket handlers need, built once per node (chatModule.ts). */
export interface ChatSocketDeps {
  io: Server;
  /** Channel rooms' events, one frame per room per event-loop turn (roomBatcher.ts). */
  rooms: RoomBatcher;
  db: Db;
  repository: ChatRepository;
  guards: Guards;
  clock: Clock;
  universe: SymbolUniverse;
  log: Log;
  /**
   * Whether this node's Redis connections are up (always without Redis): while they are not, a
   * post would reach only this node's readers, so chat_send is refused `unavailable`.
   */
  redisReady: () => boolean;
  /** Per-node typing throttle on the injected clock. */
  throttles: ChatThrottles;
  /**
   * Mention pushes were written: the alerts' delivery worker should look now rather than at its
   * next poll (250 ms). Absent, the poll sends them.
   */
  kickDeliveries?: () => void;
}

/** A chat event's handler: the node's deps, then the call its socketRoute checked. */
export type ChatHandler<B, A = undefined> = (
  deps: ChatSocketDeps,
  call: SocketCall<Principal, B>,
) => Promise<A>;

/** One `chat` event to a room or socket, always with the protocol version. */
export function chatEvent(event: DistributiveOmit<ChatEvent, 'v'>): ChatEvent {
  return { v: PROTOCOL_VERSION, ...event } as ChatEvent;
}
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * "At most one typing notice a second per user" (spec §5, §9), per node on the injected clock.
 * Entries of users who stopped are swept once a window has passed, so memory follows active users.
 */
export class ChatThrottles {
  private readonly typing = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  /** Whether this user may send a typing notice now (one per `ms`); records it if so. */
  typingAllowed(userId: string, ms: number): boolean {
    const now = this.clock.now();
    const last = this.typing.get(userId);
    if (last !== undefined && now - last < ms) return false;
    if (this.typing.size > 10_000) {
      for (const [id, at] of this.typing) if (now - at >= ms) this.typing.delete(id);
    }
    this.typing.set(userId, now);
    return true;
  }
}
