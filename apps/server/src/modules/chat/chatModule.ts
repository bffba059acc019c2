import {
  CHAT_EVENTS,
  chatBanSchema,
  chatDeleteSchema,
  chatSendSchema,
  chatSlowModeSchema,
  chatSubscribeSchema,
  chatTypingSchema,
  chatUnsubscribeSchema,
  chatVoteSchema,
} from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import type { SymbolUniverse } from '../settings/symbolUniverse.ts';
import { createChatRepository } from './repository.ts';
import { chatRoutes } from './routes.ts';
import { type ChatSocketDeps, ChatThrottles, onChatEvent } from './socket/chatSocket.ts';
import { ban, deleteMessage, setSlowMode } from './socket/moderation.ts';
import { RoomBatcher } from './socket/roomBatcher.ts';
import { send } from './socket/send.ts';
import { subscribe, unsubscribe } from './socket/subscribe.ts';
import { typing } from './socket/typing.ts';
import { vote } from './socket/vote.ts';
import { sweepMonth } from './stats.ts';

/** How often a node checks whether the month turned (cur_posts and vibe start again). */
const MONTH_SWEEP_MS = 60 * 60 * 1000;

export interface ChatModule {
  deps: ChatSocketDeps;
  /** Zeroes this month's figures of users with none yet this month (tests call it directly). */
  sweepMonth(): Promise<void>;
}

/**
 * The chat on an API node (docs/chat.md): the §7 routes, one handler per socket event, and the
 * hourly month sweep. Rooms are socket.io rooms, so with REDIS_URL every emit reaches every node.
 * Mention pushes go out through the alerts' delivery worker; `kickDeliveries` wakes it at once.
 */
export function startChat(
  http: FastifyInstance,
  io: Server,
  ctx: AppContext,
  guards: Guards,
  universe: SymbolUniverse,
  options: Pick<ChatSocketDeps, 'kickDeliveries'> = {},
): ChatModule {
  const repository = createChatRepository(ctx.database.db);
  const deps: ChatSocketDeps = {
    io,
    rooms: new RoomBatcher(io, (flush) => ctx.clock.defer(flush)),
    db: ctx.database.db,
    repository,
    guards,
    clock: ctx.clock,
    universe,
    log: ctx.log,
    throttles: new ChatThrottles(ctx.clock),
    ...options,
  };
  chatRoutes(http, ctx, guards, repository);

  const onConnection = (socket: Socket) => {
    onChatEvent(deps, socket, CHAT_EVENTS.subscribe, chatSubscribeSchema, subscribe);
    onChatEvent(deps, socket, CHAT_EVENTS.unsubscribe, chatUnsubscribeSchema, unsubscribe);
    onChatEvent(deps, socket, CHAT_EVENTS.send, chatSendSchema, send);
    onChatEvent(deps, socket, CHAT_EVENTS.vote, chatVoteSchema, vote);
    onChatEvent(deps, socket, CHAT_EVENTS.typing, chatTypingSchema, typing);
    onChatEvent(deps, socket, CHAT_EVENTS.delete, chatDeleteSchema, deleteMessage);
    onChatEvent(deps, socket, CHAT_EVENTS.ban, chatBanSchema, ban);
    onChatEvent(deps, socket, CHAT_EVENTS.slowMode, chatSlowModeSchema, setSlowMode);
  };
  io.on('connection', onConnection);

  const sweep = () => sweepMonth(ctx.database.db, new Date(ctx.clock.now()));
  const logSweep = () =>
    sweep().catch((error: unknown) => ctx.log.warn({ err: error }, 'chat month sweep failed'));
  void logSweep();
  const timer = ctx.clock.setInterval(logSweep, MONTH_SWEEP_MS);
  http.addHook('onClose', async () => {
    timer.cancel();
    io.off('connection', onConnection);
  });
  return { deps, sweepMonth: sweep };
}
