import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  ALERTS_DISPATCHED_TOPIC,
  type ApiKeyScope,
  alertDispatchedMessageSchema,
  apiKeyMessages,
  messages,
  QUOTE_TOPICS,
  quoteTickMessageSchema,
  serverMessages,
  WS_V1_AUTH_MS,
  WS_V1_CLOSE,
  WS_V1_CONNECTIONS_PER_USER,
  WS_V1_ERRORS,
  WS_V1_HEARTBEAT_MS,
  WS_V1_MESSAGE_RATE,
  WS_V1_PATH,
  WS_V1_QUOTES_MAX,
  type WsV1ClientMessage,
  type WsV1MarketStream,
  type WsV1ServerMessage,
  wsV1ClientMessageSchema,
} from '@tapeline/core';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Bus } from '../../../platform/bus/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import { HttpError } from '../../../platform/http/errors.ts';
import type { Log } from '../../../platform/log.ts';
import { TokenBuckets } from '../../../platform/realtime/tokenBucket.ts';
import type { AuthenticatedKey, KeyAuth } from '../../apiKeys/keyAuth.ts';
import { onKeyRevocation } from '../../apiKeys/keyRevocations.ts';
import type { ApiKeysRepository } from '../../apiKeys/repository.ts';
import type { Backlog } from '../../market/stream/backlog.ts';
import { decodeBusFrame } from '../../market/stream/busFrame.ts';
import { STREAM_TOPIC } from '../../market/stream/gateway.ts';
import type { KeyGuards, KeyPrincipal } from '../keyGuards.ts';
import { keyInUrl } from '../v1Routes.ts';
import { lagVerdict } from './backpressure.ts';
import { type MarketFrames, marketFramesOf } from './marketFrames.ts';

/** What each stream needs: the scope on the key, and an active subscription (the browser's rule). */
const STREAM_SCOPE = (stream: string): ApiKeyScope => (stream === 'alerts' ? 'alerts:read' : 'market:read');

interface Connection {
  ws: WebSocket;
  key: AuthenticatedKey | null;
  principal: KeyPrincipal | null;
  streams: Set<string>;
  quoteSeq: Map<string, number>;
  /** When unsent bytes were first seen and not drained since (ms), or null when caught up. */
  behindSince: number | null;
  alive: boolean;
}

export interface WsV1Deps {
  keyAuth: KeyAuth;
  keyGuards: KeyGuards;
  keys: ApiKeysRepository;
  bus: Bus;
  backlog: Backlog;
  clock: Clock;
  log: Log;
}

export interface WsV1Server {
  /** Open bot connections on this node. */
  readonly size: number;
  /** One heartbeat round: heartbeats, dead and lagging connections dropped, keys and plans re-read. */
  tick(): Promise<void>;
  close(): Promise<void>;
}

const encode = (message: WsV1ServerMessage) => JSON.stringify(message);

/**
 * The bots' WebSocket at /ws/v1 (docs/api.md): JSON text frames, a personal key in the upgrade's
 * Authorization header or the first message, streams of the engine's batches (highs, lows,
 * halts: `seq` is the batch's, resumable from this node's backlog), fired alerts and quote ticks.
 * Each message is serialized once per batch and written to every subscriber; a connection whose
 * unsent bytes stay for WS_V1_MAX_LAG_MS, or pile past WS_V1_MAX_BUFFERED_BYTES, is closed 4009.
 */
export async function startWsV1(server: HttpServer, deps: WsV1Deps): Promise<WsV1Server> {
  const { clock, log } = deps;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024, perMessageDeflate: false });
  const connections = new Set<Connection>();
  const buckets = new TokenBuckets<Connection>(WS_V1_MESSAGE_RATE, () => clock.now());

  /** Whether the connection is too far behind to keep (lagVerdict), noting since when it is behind. */
  const lagging = (conn: Connection) => {
    const verdict = lagVerdict(conn.ws.bufferedAmount, conn.behindSince, clock.now());
    conn.behindSince = verdict.behindSince;
    if (verdict.drop) drop(conn, WS_V1_CLOSE.slowConsumer, 'slow consumer');
    return verdict.drop;
  };
  const send = (conn: Connection, data: string) => {
    if (conn.ws.readyState !== conn.ws.OPEN || lagging(conn)) return;
    conn.ws.send(data);
  };
  const drop = (conn: Connection, code: number, reason: string) => {
    connections.delete(conn);
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.close(code, reason);
    // A consumer that does not read does not read the close frame either.
    clock.setTimeout(() => conn.ws.terminate(), 1000);
  };
  const refuse = (conn: Connection, code: string, message: string) =>
    send(conn, encode({ type: 'error', code, message }));

  const authenticate = async (conn: Connection, presented: string | undefined) => {
    try {
      const key = await deps.keyAuth.authenticateKey(presented);
      const principal = await deps.keyGuards.principalFor(key, {});
      const held = [...connections].filter((c) => c.principal?.user.id === principal.user.id).length;
      if (held >= WS_V1_CONNECTIONS_PER_USER) {
        drop(
          conn,
          WS_V1_CLOSE.tooManyConnections,
          `At most ${WS_V1_CONNECTIONS_PER_USER} connections per user`,
        );
        return;
      }
      conn.key = key;
      conn.principal = principal;
      send(
        conn,
        encode({
          type: 'authenticated',
          user_id: principal.user.id,
          scopes: key.scopes,
          heartbeat_ms: WS_V1_HEARTBEAT_MS,
        }),
      );
    } catch (error) {
      if (!(error instanceof HttpError)) log.warn({ err: error }, 'bot socket authentication failed');
      drop(conn, WS_V1_CLOSE.authFailed, apiKeyMessages.invalid);
    }
  };

  /** Whether the connection may hold the stream now: the scope, then the user's subscription. */
  const mayHold = async (conn: Connection, stream: string): Promise<boolean> => {
    const key = conn.key;
    if (!key) return false;
    const scope = STREAM_SCOPE(stream);
    if (!key.scopes.includes(scope)) {
      refuse(conn, WS_V1_ERRORS.scopeMissing, apiKeyMessages.scopeMissing(scope));
      return false;
    }
    try {
      conn.principal = await deps.keyGuards.principalFor(key, { subscriber: true });
      return true;
    } catch {
      refuse(conn, WS_V1_ERRORS.subscriptionRequired, serverMessages.subscriptionRequired);
      return false;
    }
  };

  const handle = async (conn: Connection, message: WsV1ClientMessage) => {
    if (message.action === 'auth') {
      if (conn.key) return;
      await authenticate(conn, message.key);
      return;
    }
    if (!conn.key) {
      drop(conn, WS_V1_CLOSE.authFailed, apiKeyMessages.invalid);
      return;
    }
    switch (message.action) {
      case 'ping':
        send(conn, encode({ type: 'pong', ts: clock.now() }));
        return;
      case 'subscribe': {
        const added: string[] = [];
        for (const stream of message.streams) {
          if (conn.streams.has(stream)) continue;
          const quotes = [...conn.streams].filter((s) => s.startsWith('quotes:')).length;
          if (stream.startsWith('quotes:') && quotes >= WS_V1_QUOTES_MAX) {
            refuse(conn, WS_V1_ERRORS.tooManyQuotes, `At most ${WS_V1_QUOTES_MAX} quote streams`);
            continue;
          }
          if (!(await mayHold(conn, stream))) continue;
          conn.streams.add(stream);
          added.push(stream);
        }
        if (added.length > 0) send(conn, encode({ type: 'subscribed', streams: added }));
        return;
      }
      case 'unsubscribe': {
        for (const stream of message.streams) {
          conn.streams.delete(stream);
          conn.quoteSeq.delete(stream);
        }
        send(conn, encode({ type: 'unsubscribed', streams: message.streams }));
        return;
      }
      case 'resume':
        resume(conn, message.stream, message.ep, message.seq);
        return;
    }
  };

  const resume = (conn: Connection, stream: WsV1MarketStream, ep: number, seq: number) => {
    if (!conn.streams.has(stream)) {
      refuse(conn, WS_V1_ERRORS.notSubscribed, `Subscribe to ${stream} before resuming it`);
      return;
    }
    const answer = deps.backlog.since(ep, seq);
    if (typeof answer === 'string') {
      refuse(
        conn,
        answer === 'gap' ? WS_V1_ERRORS.gap : WS_V1_ERRORS.epoch,
        answer === 'gap'
          ? 'Those batches are no longer kept: refill with GET /api/v1/stream/recent'
          : 'The engine restarted since that seq: refill with GET /api/v1/stream/recent',
      );
      return;
    }
    let batches = 0;
    for (const bytes of answer) {
      const frames = marketFramesOf(ep, bytes, log);
      const data = frames?.[stream];
      if (data) {
        send(conn, data);
        batches++;
      }
    }
    send(conn, encode({ type: 'resumed', stream, batches }));
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
    wss.handleUpgrade(request, socket, head, (ws) => {
      const conn: Connection = {
        ws,
        key: null,
        principal: null,
        streams: new Set(),
        quoteSeq: new Map(),
        behindSince: null,
        alive: true,
      };
      connections.add(conn);
      ws.on('pong', () => {
        conn.alive = true;
      });
      ws.on('close', () => {
        connections.delete(conn);
        buckets.delete(conn);
      });
      ws.on('error', () => connections.delete(conn));
      let chain = Promise.resolve();
      ws.on('message', (raw, isBinary) => {
        if (buckets.take(conn) !== null) {
          drop(conn, WS_V1_CLOSE.rate, messages.rateLimited);
          return;
        }
        let parsed: WsV1ClientMessage;
        try {
          if (isBinary) throw new Error('binary');
          parsed = wsV1ClientMessageSchema.parse(JSON.parse(raw.toString()));
        } catch {
          if (!conn.key) drop(conn, WS_V1_CLOSE.authFailed, apiKeyMessages.invalid);
          else refuse(conn, WS_V1_ERRORS.badMessage, messages.malformedRequest);
          return;
        }
        // One message at a time per connection, in order.
        chain = chain
          .then(() => handle(conn, parsed))
          .catch((err: Error) => log.warn({ err }, 'bot socket message failed'));
      });
      const header = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (header) {
        chain = chain.then(() => authenticate(conn, header));
      } else {
        clock.setTimeout(() => {
          if (!conn.key && connections.has(conn)) drop(conn, WS_V1_CLOSE.authFailed, apiKeyMessages.invalid);
        }, WS_V1_AUTH_MS);
      }
    });
  };
  server.on('upgrade', onUpgrade);

  const marketListeners = (frames: MarketFrames) => {
    for (const conn of connections) {
      for (const stream of ['highs', 'lows', 'halts'] as const) {
        const data = frames[stream];
        if (data && conn.streams.has(stream)) send(conn, data);
      }
    }
  };
  const subscribed = (prefix: string) => {
    for (const conn of connections) for (const s of conn.streams) if (s.startsWith(prefix)) return true;
    return false;
  };

  const unsubscribers = [
    await deps.bus.subscribe(STREAM_TOPIC, (payload) => {
      // Nothing is inflated or serialized for nobody.
      if (!subscribed('highs') && !subscribed('lows') && !subscribed('halts')) return;
      const batch = decodeBusFrame(typeof payload === 'string' ? Buffer.from(payload) : payload);
      if (!batch) return;
      const frames = marketFramesOf(batch.ep, batch.bytes, log);
      if (frames) marketListeners(frames);
    }),
    await deps.bus.subscribe(ALERTS_DISPATCHED_TOPIC, (payload) => {
      if (!subscribed('alerts')) return;
      const parsed = alertDispatchedMessageSchema.safeParse(JSON.parse(payload.toString()));
      if (!parsed.success) return;
      const { userId, alert } = parsed.data;
      const data = encode({ type: 'alert', stream: 'alerts', seq: alert.id, alert });
      for (const conn of connections) {
        if (conn.principal?.user.id === userId && conn.streams.has('alerts')) send(conn, data);
      }
    }),
    await deps.bus.subscribe(QUOTE_TOPICS.tick, (payload) => {
      if (!subscribed('quotes:')) return;
      const parsed = quoteTickMessageSchema.safeParse(JSON.parse(payload.toString()));
      if (!parsed.success) return;
      const rows = new Map(parsed.data.q.map((row) => [`quotes:${row[0]}`, row]));
      for (const conn of connections) {
        for (const stream of conn.streams) {
          const row = rows.get(stream);
          if (!row) continue;
          const seq = (conn.quoteSeq.get(stream) ?? 0) + 1;
          conn.quoteSeq.set(stream, seq);
          const [symbol, price, percent, dollar_dist, high, low] = row;
          send(
            conn,
            encode({ type: 'quote', stream, seq, quote: { symbol, price, percent, dollar_dist, high, low } }),
          );
        }
      }
    }),
    await onKeyRevocation(deps.bus, log, ({ userId, keyId }) => {
      for (const conn of connections) {
        const row = conn.key?.row;
        if (row && row.userId === userId && (keyId === null || row.id === keyId)) {
          drop(conn, WS_V1_CLOSE.revoked, apiKeyMessages.invalid);
        }
      }
    }),
  ];

  const tick = async () => {
    const now = clock.now();
    for (const conn of connections) {
      if (!conn.alive) {
        connections.delete(conn);
        conn.ws.terminate();
        continue;
      }
      if (lagging(conn)) continue;
      conn.alive = false;
      conn.ws.ping();
      if (conn.key) send(conn, encode({ type: 'heartbeat', ts: now }));
    }
    // A key revoked where no bus reached (the CLI), or a user who lost the plan: caught here too.
    const authed = [...connections].filter((c) => c.key);
    const live = await deps.keys.liveAmong([
      ...new Set(authed.map((c) => (c.key as AuthenticatedKey).row.id)),
    ]);
    for (const conn of authed) {
      const key = conn.key as AuthenticatedKey;
      if (!live.has(key.row.id)) {
        drop(conn, WS_V1_CLOSE.revoked, apiKeyMessages.invalid);
        continue;
      }
      if (conn.streams.size === 0) continue;
      try {
        conn.principal = await deps.keyGuards.principalFor(key, { subscriber: true });
      } catch {
        drop(conn, WS_V1_CLOSE.revoked, serverMessages.subscriptionRequired);
      }
    }
  };
  const timer = clock.setInterval(
    () => void tick().catch((err: Error) => log.warn({ err }, 'bot socket heartbeat failed')),
    WS_V1_HEARTBEAT_MS,
  );

  return {
    get size() {
      return connections.size;
    },
    tick,
    async close() {
      timer.cancel();
      server.off('upgrade', onUpgrade);
      for (const unsubscribe of unsubscribers) await unsubscribe();
      for (const conn of connections) conn.ws.close(WS_V1_CLOSE.goingAway, 'server stopping');
      connections.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
