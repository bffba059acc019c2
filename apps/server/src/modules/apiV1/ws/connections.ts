import { WS_V1_CLOSE, type WsV1ServerMessage } from '@tapeline/core';
import type { WebSocket } from 'ws';
import type { Clock } from '../../../platform/clock.ts';
import type { AuthenticatedKey } from '../../apiKeys/keyAuth.ts';
import type { KeyPrincipal } from '../keyGuards.ts';
import { lagVerdict } from './backpressure.ts';

/** One bot's socket at /ws/v1 and what it holds. */
export interface Connection {
  ws: WebSocket;
  key: AuthenticatedKey | null;
  principal: KeyPrincipal | null;
  streams: Set<string>;
  quoteSeq: Map<string, number>;
  /** When unsent bytes were first seen and not drained since (ms), or null when caught up. */
  behindSince: number | null;
  alive: boolean;
}

export const encode = (message: WsV1ServerMessage) => JSON.stringify(message);

export function newConnection(ws: WebSocket): Connection {
  return {
    ws,
    key: null,
    principal: null,
    streams: new Set(),
    quoteSeq: new Map(),
    behindSince: null,
    alive: true,
  };
}

/**
 * The node's open bot connections, and the only ways to write to one: a frame is sent unless the
 * connection is too far behind (then it is dropped, 4009), an error is a frame of its own, and a
 * dropped connection is closed and, a second later, cut (a consumer that does not read does not
 * read the close frame either).
 */
export class Connections {
  readonly all = new Set<Connection>();

  constructor(private readonly clock: Clock) {}

  /** Whether the connection is too far behind to keep (lagVerdict), noting since when it is behind. */
  lagging(conn: Connection): boolean {
    const verdict = lagVerdict(conn.ws.bufferedAmount, conn.behindSince, this.clock.now());
    conn.behindSince = verdict.behindSince;
    if (verdict.drop) this.drop(conn, WS_V1_CLOSE.slowConsumer, 'slow consumer');
    return verdict.drop;
  }

  send(conn: Connection, data: string): void {
    if (conn.ws.readyState !== conn.ws.OPEN || this.lagging(conn)) return;
    conn.ws.send(data);
  }

  refuse(conn: Connection, code: string, message: string): void {
    this.send(conn, encode({ type: 'error', code, message }));
  }

  drop(conn: Connection, code: number, reason: string): void {
    this.all.delete(conn);
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.close(code, reason);
    this.clock.setTimeout(() => conn.ws.terminate(), 1000);
  }

  /** Whether any connection holds a stream named with `prefix` (nothing is built for nobody). */
  subscribed(prefix: string): boolean {
    for (const conn of this.all) for (const s of conn.streams) if (s.startsWith(prefix)) return true;
    return false;
  }
}
