import {
  PROTOCOL_VERSION,
  QUOTE_EVENTS,
  QUOTE_TOPICS,
  type QuoteTickRow,
  quotesSubscribeSchema,
  quoteTickRowSchema,
  versionOnlySchema,
} from '@tapeline/core';
import type { Server, Socket } from 'socket.io';
import type { Bus, BusPayload } from '../../platform/bus/bus.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { connectedSocket, socketRoute } from '../../platform/realtime/socketRoute.ts';
import type { QuoteRooms } from './deps.ts';

// Live quote prices (docs/quotes-news.md §1 "Live prices over the socket"): a subscribed socket
// sits in `quotes:user:<id>` and one `quote:<SYM>` room per favourite. Every API node hears the
// engine's one tick a second and writes to its own sockets only: nothing crosses the adapter.

export const userRoom = (userId: string) => `quotes:user:${userId}`;
export const symbolRoom = (symbol: string) => `quote:${symbol}`;
const SYMBOL_ROOM_PREFIX = 'quote:';

export interface LiveQuotesDeps {
  /** Who may watch prices: subscribers, as for `stream_subscribe`. */
  guards: Pick<Guards, 'socket'>;
  /** The trader's favourites now. */
  symbols(userId: string): Promise<string[]>;
  log: { warn(obj: object, msg: string): void };
}

export interface LiveQuotes extends QuoteRooms {
  /** Fans one bus tick out to this node's sockets; exposed for the bench. */
  deliver(payload: BusPayload): void;
  stop(): Promise<void>;
}

function leaveAll(socket: Socket): void {
  for (const room of socket.rooms) {
    if (room.startsWith(SYMBOL_ROOM_PREFIX) || room.startsWith('quotes:user:')) void socket.leave(room);
  }
}

/**
 * The rows of one tick per local socket, one `quotes` frame each. Rows are checked one at a time
 * and only when some socket here watches the symbol: a full-market tick is thousands of rows.
 */
export function fanOutTick(io: Server, payload: BusPayload, log: LiveQuotesDeps['log']): void {
  let message: unknown;
  try {
    message = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    log.warn({}, 'quotes tick refused: not JSON');
    return;
  }
  const { v, q } = (message ?? {}) as { v?: unknown; q?: unknown };
  if (v !== PROTOCOL_VERSION || !Array.isArray(q)) {
    log.warn({ version: v }, 'quotes tick refused: another protocol version or shape');
    return;
  }
  const { rooms } = io.of('/').adapter;
  const frames = new Map<string, QuoteTickRow[]>();
  for (const raw of q) {
    const symbol = Array.isArray(raw) ? raw[0] : undefined;
    if (typeof symbol !== 'string') continue;
    const members = rooms.get(symbolRoom(symbol));
    if (!members || members.size === 0) continue;
    const row = quoteTickRowSchema.safeParse(raw);
    if (!row.success) continue;
    for (const id of members) {
      const rows = frames.get(id);
      if (rows) rows.push(row.data);
      else frames.set(id, [row.data]);
    }
  }
  const sockets = io.of('/').sockets;
  for (const [id, rows] of frames)
    sockets.get(id)?.emit(QUOTE_EVENTS.update, { v: PROTOCOL_VERSION, q: rows });
}

/**
 * `quotes_subscribe {v}` (subscribers) joins the trader's rooms; `quotes_unsubscribe {v}` leaves
 * them. The user room is joined before the symbols are read, so an add racing a subscribe is
 * caught by one or the other (the add's socketsJoin reaches the user room).
 */
export async function startLiveQuotes(io: Server, bus: Bus, deps: LiveQuotesDeps): Promise<LiveQuotes> {
  const deliver = (payload: BusPayload) => fanOutTick(io, payload, deps.log);
  const unsubscribe = await bus.subscribe(QUOTE_TOPICS.tick, deliver);

  socketRoute(
    io,
    { event: QUOTE_EVENTS.subscribe, schema: quotesSubscribeSchema, guard: deps.guards.socket.subscriber },
    async ({ socket, identity }) => {
      await socket.join(userRoom(identity.userId));
      const symbols = await deps.symbols(identity.userId);
      await socket.join(symbols.map(symbolRoom));
      return undefined;
    },
  );
  socketRoute(
    io,
    { event: QUOTE_EVENTS.unsubscribe, schema: versionOnlySchema, guard: connectedSocket },
    async ({ socket }) => {
      leaveAll(socket);
      return undefined;
    },
  );

  return {
    deliver,
    async changed(userId, added, removed) {
      // Through the adapter: the trader's sockets on every node move.
      const sockets = io.in(userRoom(userId));
      if (removed.length > 0) await sockets.socketsLeave(removed.map(symbolRoom));
      if (added.length > 0) await sockets.socketsJoin(added.map(symbolRoom));
    },
    async stop() {
      await unsubscribe();
    },
  };
}
