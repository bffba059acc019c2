import {
  channelRequestSchema,
  STREAM_EVENTS,
  streamResumeRequestSchema,
  streamSubscribeSchema,
} from '@tapeline/core';
import type { Server } from 'socket.io';
import type { Bus } from '../../../platform/bus/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Log } from '../../../platform/log.ts';
import {
  connectedSocket,
  type SocketGuard,
  SocketRefusalError,
  socketRoute,
} from '../../../platform/realtime/socketRoute.ts';
import type { Backlog } from './backlog.ts';
import { decodeBusFrame } from './busFrame.ts';

export const STREAM_TOPIC = 'stream';
export const STREAM_ROOM = 'stream';
/** How long a newer epoch's silence keeps an older epoch's batches out. */
export const FENCE_MS = 10_000;

/**
 * Relays engine batches from the bus to every subscribed socket. Each batch is one Buffer of
 * raw-deflated UTF-8 JSON, made once on the engine thread and written to all sockets as a
 * binary frame: no per-client encoding (docs/decisions.md, "Stream encoding"). On the bus it
 * carries its epoch and seq in front (stream/busFrame.ts), which index the backlog that
 * `stream_resume` answers from (docs/decisions.md, "Stream catch-up"). `stream_subscribe {v}`
 * and `subscribe {v, channel}` join the room (`guard`: subscribers), `unsubscribe` leaves it;
 * another protocol version is refused in the ack, as batches name theirs.
 */
export async function startStreamGateway(
  io: Server,
  bus: Bus,
  backlog: Backlog,
  guard: SocketGuard<unknown>,
  log: Log,
  clock: Pick<Clock, 'now'>,
) {
  // The fence (docs/decisions.md, "One leader engine"): epochs only rise, each leader's above
  // the last, so a batch of an older epoch than the newest heard is a deposed engine's. Only
  // while the newest speaks: after FENCE_MS of its silence an older epoch is taken again (an
  // engine whose clock is behind, after a Redis that lost the last epoch).
  let newestEpoch = 0;
  let newestAt = 0;
  const unsubscribe = await bus.subscribe(STREAM_TOPIC, (payload) => {
    const batch = decodeBusFrame(typeof payload === 'string' ? Buffer.from(payload) : payload);
    if (!batch) {
      log.warn({ bytes: payload.length }, 'stream batch without its epoch and seq header dropped');
      return;
    }
    const now = clock.now();
    if (batch.ep < newestEpoch && now - newestAt < FENCE_MS) {
      log.debug({ ep: batch.ep, newest: newestEpoch }, 'stream batch of a deposed engine dropped');
      return;
    }
    newestEpoch = batch.ep;
    newestAt = now;
    // Every node hears every batch on the bus: each sends it to its own sockets only, or the Redis
    // adapter would hand a socket one copy per node. One view past the header serves every socket.
    io.local.to(STREAM_ROOM).emit(STREAM_EVENTS.update, batch.bytes);
    backlog.push(batch);
  });

  const join = { guard, schema: streamSubscribeSchema } as const;
  socketRoute(io, { event: STREAM_EVENTS.subscribe, ...join }, async ({ socket }) => {
    await socket.join(STREAM_ROOM);
    return undefined;
  });
  socketRoute(
    io,
    { event: STREAM_EVENTS.channelSubscribe, schema: channelRequestSchema, guard },
    async ({ socket }) => {
      await socket.join(STREAM_ROOM);
      return undefined;
    },
  );
  socketRoute(
    io,
    { event: STREAM_EVENTS.channelUnsubscribe, schema: channelRequestSchema, guard: connectedSocket },
    async ({ socket }) => {
      await socket.leave(STREAM_ROOM);
      return undefined;
    },
  );
  // `stream_resume` (docs/continuity.md §2): the frames a subscriber missed while away, from
  // this node's backlog; the client refills its views when refused `gap` or `epoch`.
  socketRoute(
    io,
    { event: STREAM_EVENTS.resume, schema: streamResumeRequestSchema, guard },
    async ({ body }) => {
      const answer = backlog.since(body.ep, body.since);
      if (typeof answer === 'string') throw new SocketRefusalError(answer);
      return { batches: answer };
    },
  );

  return async () => {
    await unsubscribe();
  };
}
