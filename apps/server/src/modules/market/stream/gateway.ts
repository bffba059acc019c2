import {
  channelRequestSchema,
  PROTOCOL_VERSION,
  protocolMismatch,
  protocolOf,
  STREAM_EVENTS,
  type StreamResumeFailure,
  streamResumeRequestSchema,
} from '@tapeline/core';
import type { Server, Socket } from 'socket.io';
import type { Bus } from '../../../platform/bus/bus.ts';
import type { Log } from '../../../platform/log.ts';
import type { Backlog } from './backlog.ts';
import { decodeBusFrame } from './busFrame.ts';

export const STREAM_TOPIC = 'stream';
export const STREAM_ROOM = 'stream';

/** Decides whether a connected user may watch the stream (a subscriber). */
export type StreamAccess = (userId: string) => Promise<boolean>;

/** The `stream_resume` ack (core streamResumeAckSchema) as sent: the backlog's own Buffers. */
type ResumeAnswer = { ok: true; batches: Buffer[] } | { ok: false; reason: StreamResumeFailure };

/** `stream_subscribe` may come with a body ({ v }) and an ack, or with the ack alone. */
function bodyAndAck(first: unknown, second: unknown): { body: unknown; ack: unknown } {
  return typeof first === 'function' ? { body: undefined, ack: first } : { body: first, ack: second };
}

/**
 * Relays engine batches from the bus to every subscribed socket. Each batch is one Buffer of
 * raw-deflated UTF-8 JSON, made once on the engine thread and written to all sockets as a
 * binary frame: no per-client encoding (docs/decisions.md, "Stream encoding"). On the bus it
 * carries its epoch and seq in front (stream/busFrame.ts), which index the backlog that
 * `stream_resume` answers from (docs/decisions.md, "Stream catch-up"). A client names
 * its protocol version on `stream_subscribe` and `subscribe` ({ v }; none means 1): another
 * version is refused with `stream_error` { error: 'protocol_version' }, as batches name theirs.
 */
export async function startStreamGateway(
  io: Server,
  bus: Bus,
  backlog: Backlog,
  access: StreamAccess,
  log: Log,
) {
  const unsubscribe = await bus.subscribe(STREAM_TOPIC, (payload) => {
    const batch = decodeBusFrame(typeof payload === 'string' ? Buffer.from(payload) : payload);
    if (!batch) {
      log.warn({ bytes: payload.length }, 'stream batch without its epoch and seq header dropped');
      return;
    }
    // Every node hears every batch on the bus: each sends it to its own sockets only, or the Redis
    // adapter would hand a socket one copy per node. One view past the header serves every socket.
    io.local.to(STREAM_ROOM).emit(STREAM_EVENTS.update, batch.bytes);
    backlog.push(batch);
  });

  const join = async (socket: Socket, body: unknown) => {
    const version = protocolOf(body);
    if (version !== PROTOCOL_VERSION) {
      const message = protocolMismatch('this client', version);
      log.warn({ userId: socket.data.userId, version }, `stream subscription refused: ${message}`);
      socket.emit(STREAM_EVENTS.error, { error: 'protocol_version', message });
      return false;
    }
    if (await access(socket.data.userId as string)) {
      await socket.join(STREAM_ROOM);
      return true;
    }
    socket.emit(STREAM_EVENTS.error, { error: 'subscription_required' });
    return false;
  };

  // `stream_resume` (docs/continuity.md §2): the frames a subscriber missed while away, from
  // this node's backlog; the client refills its views when the answer is `gap` or `epoch`.
  const resume = async (socket: Socket, body: unknown): Promise<ResumeAnswer> => {
    const parsed = streamResumeRequestSchema.safeParse(body);
    if (!parsed.success || !(await access(socket.data.userId as string))) {
      return { ok: false, reason: 'refused' };
    }
    const answer = backlog.since(parsed.data.ep, parsed.data.since);
    return typeof answer === 'string' ? { ok: false, reason: answer } : { ok: true, batches: answer };
  };

  const onConnection = (socket: Socket) => {
    socket.on(STREAM_EVENTS.resume, (body: unknown, ack?: unknown) => {
      if (typeof ack !== 'function') return;
      resume(socket, body).then(
        (answer) => ack(answer),
        (error: Error) => {
          log.warn({ userId: socket.data.userId, err: error }, 'stream resume failed');
          ack({ ok: false, reason: 'refused' } satisfies ResumeAnswer);
        },
      );
    });
    socket.on(STREAM_EVENTS.subscribe, (first?: unknown, second?: unknown) => {
      const { body, ack } = bodyAndAck(first, second);
      void join(socket, body).then((ok) => typeof ack === 'function' && ack({ success: ok }));
    });
    socket.on(STREAM_EVENTS.channelSubscribe, (body: unknown, ack?: unknown) => {
      const parsed = channelRequestSchema.safeParse(body);
      const done = (ok: boolean) => typeof ack === 'function' && ack({ success: ok });
      if (!parsed.success) return done(false);
      void join(socket, body).then(done);
    });
    socket.on(STREAM_EVENTS.channelUnsubscribe, (body: unknown, ack?: unknown) => {
      const ok = channelRequestSchema.safeParse(body).success;
      if (ok) void socket.leave(STREAM_ROOM);
      if (typeof ack === 'function') ack({ success: ok });
    });
  };
  io.on('connection', onConnection);

  return async () => {
    io.off('connection', onConnection);
    await unsubscribe();
  };
}
