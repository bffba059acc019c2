import { NEWS_EVENTS, newsSubscribeSchema, versionOnlySchema } from '@tapeline/core';
import type { Server } from 'socket.io';
import type { Guards } from '../../platform/http/guards.ts';
import { connectedSocket, socketRoute } from '../../platform/realtime/socketRoute.ts';
import { NEWS_ROOM } from './ingest/newsIngest.ts';

/**
 * `news_subscribe {v}` joins the socket to the `news` room (subscribers), where the storing node
 * pushes new articles (`news {v, articles}`); `news_unsubscribe {v}` leaves it.
 */
export function serveNewsGateway(io: Server, guards: Pick<Guards, 'socket'>): void {
  socketRoute(
    io,
    { event: NEWS_EVENTS.subscribe, schema: newsSubscribeSchema, guard: guards.socket.subscriber },
    async ({ socket }) => {
      await socket.join(NEWS_ROOM);
      return undefined;
    },
  );
  socketRoute(
    io,
    { event: NEWS_EVENTS.unsubscribe, schema: versionOnlySchema, guard: connectedSocket },
    async ({ socket }) => {
      await socket.leave(NEWS_ROOM);
      return undefined;
    },
  );
}
