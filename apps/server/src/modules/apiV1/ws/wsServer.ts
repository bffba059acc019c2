import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  apiKeyMessages,
  messages,
  WS_V1_AUTH_MS,
  WS_V1_CLOSE,
  WS_V1_ERRORS,
  WS_V1_HEARTBEAT_MS,
  WS_V1_MESSAGE_RATE,
  WS_V1_PATH,
  type WsV1ClientMessage,
  wsV1ClientMessageSchema,
} from '@tapeline/core';
import { type WebSocket, WebSocketServer } from 'ws';
import { TokenBuckets } from '../../../platform/realtime/tokenBucket.ts';
import { keyInUrl } from '../v1Routes.ts';
import { authenticate, closeOnRevocation, recheckKeys } from './authentication.ts';
import { type Connection, Connections, encode, newConnection } from './connections.ts';
import { fanOut } from './fanOut.ts';
import { handleMessage, type MessageDeps } from './subscriptions.ts';

export type WsV1Deps = MessageDeps;

export interface WsV1Server {
  /** Open bot connections on this node. */
  readonly size: number;
  /** One heartbeat round: heartbeats, dead and lagging connections dropped, keys and plans re-read. */
  tick(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The bots' WebSocket at /ws/v1 (docs/api.md): JSON text frames, a personal key in the upgrade's
 * Authorization header or the first message, streams of the engine's batches (highs, lows,
 * halts: `seq` is the batch's, resumable from this node's backlog), fired alerts and quote ticks.
 * Each message is serialized once per batch and written to every subscriber; a connection whose
 * unsent bytes stay for WS_V1_MAX_LAG_MS, or pile past WS_V1_MAX_BUFFERED_BYTES, is closed 4009.
 * Here the connection's life (upgrade, messages in order, heartbeat); authentication.ts,
 * subscriptions.ts and fanOut.ts hold the rest.
 */
export async function startWsV1(server: HttpServer, deps: WsV1Deps): Promise<WsV1Server> {
  const { clock, log } = deps;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024, perMessageDeflate: false });
  const hub = new Connections(clock);
  const buckets = new TokenBuckets<Connection>(WS_V1_MESSAGE_RATE, () => clock.now());

  const open = (ws: WebSocket, request: IncomingMessage) => {
    const conn = newConnection(ws);
    hub.all.add(conn);
    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.on('close', () => {
      hub.all.delete(conn);
      buckets.delete(conn);
    });
    ws.on('error', () => hub.all.delete(conn));
    let chain = Promise.resolve();
    ws.on('message', (raw, isBinary) => {
      if (buckets.take(conn) !== null) {
        hub.drop(conn, WS_V1_CLOSE.rate, messages.rateLimited);
        return;
      }
      let parsed: WsV1ClientMessage;
      try {
        if (isBinary) throw new Error('binary');
        parsed = wsV1ClientMessageSchema.parse(JSON.parse(raw.toString()));
      } catch {
        if (!conn.key) hub.drop(conn, WS_V1_CLOSE.authFailed, apiKeyMessages.invalid);
        else hub.refuse(conn, WS_V1_ERRORS.badMessage, messages.malformedRequest);
        return;
      }
      // One message at a time per connection, in order.
      chain = chain
        .then(() => handleMessage(hub, deps, conn, parsed))
        .catch((err: Error) => log.warn({ err }, 'bot socket message failed'));
    });
    const header = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (header) {
      chain = chain.then(() => authenticate(hub, deps, conn, header));
    } else {
      clock.setTimeout(() => {
        if (!conn.key && hub.all.has(conn)) hub.drop(conn, WS_V1_CLOSE.authFailed, apiKeyMessages.invalid);
      }, WS_V1_AUTH_MS);
    }
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = request.url ?? '';
    if (url.split('?')[0] !== WS_V1_PATH) return;
    if (keyInUrl(url)) {
      socket.end(
        `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n${JSON.stringify({ error: 'api_key_in_url', message: apiKeyMessages.inQuery })}`,
      );
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => open(ws, request));
  };
  server.on('upgrade', onUpgrade);

  const unsubscribers = [...(await fanOut(hub, deps.bus, log)), await closeOnRevocation(hub, deps)];

  const tick = async () => {
    const now = clock.now();
    for (const conn of hub.all) {
      if (!conn.alive) {
        hub.all.delete(conn);
        conn.ws.terminate();
        continue;
      }
      if (hub.lagging(conn)) continue;
      conn.alive = false;
      conn.ws.ping();
      if (conn.key) hub.send(conn, encode({ type: 'heartbeat', ts: now }));
    }
    await recheckKeys(hub, deps);
  };
  const timer = clock.setInterval(
    () => void tick().catch((err: Error) => log.warn({ err }, 'bot socket heartbeat failed')),
    WS_V1_HEARTBEAT_MS,
  );

  return {
    get size() {
      return hub.all.size;
    },
    tick,
    async close() {
      timer.cancel();
      server.off('upgrade', onUpgrade);
      for (const unsubscribe of unsubscribers) await unsubscribe();
      for (const conn of hub.all) conn.ws.close(WS_V1_CLOSE.goingAway, 'server stopping');
      hub.all.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
