import {
  CHAT_EVENTS,
  CHAT_POST_WINDOW_MS,
  CHAT_VOTE_BURST,
  CHAT_VOTE_WINDOW_MS,
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
import type { Server } from 'socket.io';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { connectedSocket, socketRoute } from '../../platform/realtime/socketRoute.ts';
import type { SymbolUniverse } from '../settings/symbolUniverse.ts';
import { createChatRepository } from './repository.ts';
import { chatRoutes } from './routes.ts';
import { type ChatSocketDeps, ChatThrottles } from './socket/chatSocket.ts';
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
 * The chat on an API node (docs/chat.md): the §7 routes, one socketRoute per socket event, and the
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
    redisReady: () => ctx.redisWatch.ready(),
    throttles: new ChatThrottles(ctx.clock),
    ...options,
  };
  chatRoutes(http, ctx, guards, repository);

  const { socket: may } = guards;
  socketRoute(
    io,
    { event: CHAT_EVENTS.subscribe, schema: chatSubscribeSchema, guard: may.subscriber },
    (call) => subscribe(deps, call.socket, call.body),
  );
  socketRoute(
    io,
    { event: CHAT_EVENTS.unsubscribe, schema: chatUnsubscribeSchema, guard: connectedSocket },
    (call) => unsubscribe(call.socket, call.body),
  );
  // Sheds a flood before the guard and the transaction; the rule itself (5 per 10 s, every node
  // together) stays postMessage's, so this is looser: twice the burst, refilled as fast.
  socketRoute(
    io,
    {
      event: CHAT_EVENTS.send,
      schema: chatSendSchema,
      guard: may.chatWriter,
      rateLimit: { burst: 10, perSecond: 10_000 / CHAT_POST_WINDOW_MS },
    },
    (call) => send(deps, call),
  );
  socketRoute(
    io,
    {
      event: CHAT_EVENTS.vote,
      schema: chatVoteSchema,
      guard: may.chatWriter,
      rateLimit: { burst: CHAT_VOTE_BURST, perSecond: (CHAT_VOTE_BURST * 1000) / CHAT_VOTE_WINDOW_MS },
    },
    (call) => vote(deps, call),
  );
  socketRoute(io, { event: CHAT_EVENTS.typing, schema: chatTypingSchema, guard: may.subscriber }, (call) =>
    typing(deps, call),
  );
  socketRoute(io, { event: CHAT_EVENTS.delete, schema: chatDeleteSchema, guard: may.role('mod') }, (call) =>
    deleteMessage(deps, call),
  );
  socketRoute(io, { event: CHAT_EVENTS.ban, schema: chatBanSchema, guard: may.role('mod') }, (call) =>
    ban(deps, call),
  );
  socketRoute(
    io,
    { event: CHAT_EVENTS.slowMode, schema: chatSlowModeSchema, guard: may.role('mod') },
    (call) => setSlowMode(deps, call),
  );

  const sweep = () => sweepMonth(ctx.database.db, new Date(ctx.clock.now()));
  const logSweep = () =>
    sweep().catch((error: unknown) => ctx.log.warn({ err: error }, 'chat month sweep failed'));
  void logSweep();
  const timer = ctx.clock.setInterval(logSweep, MONTH_SWEEP_MS);
  http.addHook('onClose', async () => {
    timer.cancel();
  });
  return { deps, sweepMonth: sweep };
}
