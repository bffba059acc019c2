import {
  CHAT_EVENTS,
  type ChatAck,
  type ChatErrorCode,
  type ChatEvent,
  chatErrorMessage,
  PROTOCOL_VERSION,
  protocolOf,
} from '@tapeline/core';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db/client.ts';
import { HttpError } from '../../../platform/http/errors.ts';
import type { Guards, Principal, Requirement } from '../../../platform/http/guards.ts';
import type { Log } from '../../../platform/log.ts';
import type { SymbolUniverse } from '../../settings/symbolUniverse.ts';
import type { ChatRepository } from '../repository.ts';
import type { RoomBatcher } from './roomBatcher.ts';

// The plumbing every chat socket event shares (docs/chat.md "Socket"): version and schema first,
// then the handler; a refusal is an ack {success: false, …} and a `chat` error event on this
// socket, an unexpected failure is logged and refused as `failed`. Nothing a client sends can
// throw past here.

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
  /** Per-node throttles on the injected clock (typing and votes). */
  throttles: ChatThrottles;
  /**
   * Mention pushes were written: the alerts' delivery worker should look now rather than at its
   * next poll (250 ms). Absent, the poll sends them.
   */
  kickDeliveries?: () => void;
}

/** A refusal with its code; `retryAt` (ms) when waiting helps (slow mode, rate). */
export class ChatRefusal extends Error {
  constructor(
    readonly code: ChatErrorCode,
    readonly retryAt: number | null = null,
  ) {
    super(code);
  }
}

/** One `chat` event to a room or socket, always with the protocol version. */
export function chatEvent(event: DistributiveOmit<ChatEvent, 'v'>): ChatEvent {
  return { v: PROTOCOL_VERSION, ...event } as ChatEvent;
}
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The caller against a requirement, refused as chat codes rather than HTTP statuses. */
export async function caller(deps: ChatSocketDeps, socket: Socket, need: Requirement): Promise<Principal> {
  try {
    return await deps.guards.forUserId(socket.data.userId as string, need);
  } catch (error) {
    if (error instanceof HttpError) throw new ChatRefusal(need.role ? 'forbidden' : 'not_subscribed');
    throw error;
  }
}

export type ChatHandler<T> = (
  deps: ChatSocketDeps,
  socket: Socket,
  body: T,
) => Promise<Extract<ChatAck, { success: true }> | null>;

/** Registers one event: `null` from the handler means "dropped quietly" (typing past its rate). */
export function onChatEvent<T>(
  deps: ChatSocketDeps,
  socket: Socket,
  event: string,
  schema: z.ZodType<T>,
  handler: ChatHandler<T>,
): void {
  socket.on(event, (first?: unknown, second?: unknown) => {
    const ack = typeof first === 'function' ? first : typeof second === 'function' ? second : null;
    const body = typeof first === 'function' ? undefined : first;
    const refuse = (code: ChatErrorCode, retryAt: number | null) => {
      const message = chatErrorMessage(code);
      socket.emit(CHAT_EVENTS.update, chatEvent({ type: 'error', event, code, message, retry_at: retryAt }));
      ack?.({ success: false, code, message, retry_at: retryAt } satisfies ChatAck);
    };
    if (protocolOf(body) !== PROTOCOL_VERSION) {
      refuse('protocol_version', null);
      return;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      refuse('bad_request', null);
      return;
    }
    handler(deps, socket, parsed.data).then(
      (answer) => ack?.(answer ?? { success: true }),
      (error: unknown) => {
        if (error instanceof ChatRefusal) refuse(error.code, error.retryAt);
        else {
          deps.log.warn({ err: error, event }, 'chat event failed');
          refuse('failed', null);
        }
      },
    );
  });
}

/**
 * Sliding "at most n per window" counters per user, on the injected clock, per node. Entries of
 * users who stopped are swept once a window has passed, so memory follows active users only.
 */
export class ChatThrottles {
  private readonly typing = new Map<string, number>();
  private readonly votes = new Map<string, number[]>();

  constructor(private readonly clock: Clock) {}

  /** Whether this user may send a typing notice now (one per `ms`); records it if so. */
  typingAllowed(userId: string, ms: number): boolean {
    const now = this.clock.now();
    const last = this.typing.get(userId);
    if (last !== undefined && now - last < ms) return false;
    if (this.typing.size > 10_000) this.sweepTyping(now, ms);
    this.typing.set(userId, now);
    return true;
  }

  /** Counts a vote; answers the time it may vote again when over `burst` per `windowMs`. */
  voteRetryAt(userId: string, burst: number, windowMs: number): number | null {
    const now = this.clock.now();
    const times = (this.votes.get(userId) ?? []).filter((t) => now - t < windowMs);
    if (times.length >= burst) {
      this.votes.set(userId, times);
      return (times[0] as number) + windowMs;
    }
    times.push(now);
    this.votes.set(userId, times);
    if (this.votes.size > 10_000) {
      for (const [id, list] of this.votes) if (list.every((t) => now - t >= windowMs)) this.votes.delete(id);
    }
    return null;
  }

  private sweepTyping(now: number, ms: number): void {
    for (const [id, at] of this.typing) if (now - at >= ms) this.typing.delete(id);
  }
}
