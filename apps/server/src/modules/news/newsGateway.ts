import { NEWS_EVENTS, newsSubscribeSchema } from '@tapeline/core';
import type { Server, Socket } from 'socket.io';
import { NEWS_ROOM } from './ingest/newsIngest.ts';

/** Whether a connected user may receive pushed news (a subscriber, as for the stream). */
export type NewsAccess = (userId: string) => Promise<boolean>;

const ackOf = (ack: unknown) => (success: boolean) => {
  if (typeof ack === 'function') ack({ success });
};

/**
 * `news_subscribe {v}` joins the socket to the `news` room, where the storing node pushes new
 * articles (`news {v, articles}`); `news_unsubscribe` leaves it. Both ack `{success}`; a wrong
 * version or a caller without a subscription gets `false` and is not joined.
 */
export function startNewsGateway(io: Server, access: NewsAccess): () => void {
  const onConnection = (socket: Socket) => {
    socket.on(NEWS_EVENTS.subscribe, (body: unknown, ack?: unknown) => {
      const done = ackOf(ack);
      if (!newsSubscribeSchema.safeParse(body).success) return done(false);
      void access(socket.data.userId as string).then(
        async (allowed) => {
          if (allowed) await socket.join(NEWS_ROOM);
          done(allowed);
        },
        () => done(false),
      );
    });
    socket.on(NEWS_EVENTS.unsubscribe, (_body: unknown, ack?: unknown) => {
      void socket.leave(NEWS_ROOM);
      ackOf(typeof _body === 'function' ? _body : ack)(true);
    });
  };
  io.on('connection', onConnection);
  return () => {
    io.off('connection', onConnection);
  };
}
