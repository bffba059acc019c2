import {
  type ApiKeyScope,
  apiKeyMessages,
  serverMessages,
  WS_V1_CLOSE,
  WS_V1_ERRORS,
  WS_V1_QUOTES_MAX,
  type WsV1ClientMessage,
  type WsV1MarketStream,
} from '@tapeline/core';
import type { Clock } from '../../../platform/clock.ts';
import type { Backlog } from '../../market/stream/backlog.ts';
import { authenticate, type KeyDeps } from './authentication.ts';
import { type Connection, type Connections, encode } from './connections.ts';
import { marketFramesOf } from './marketFrames.ts';

/** What each stream needs: the scope on the key, and an active subscription (the browser's rule). */
const STREAM_SCOPE = (stream: string): ApiKeyScope => (stream === 'alerts' ? 'alerts:read' : 'market:read');

export interface MessageDeps extends KeyDeps {
  backlog: Backlog;
  clock: Clock;
}

/** Whether the connection may hold the stream now: the scope, then the user's subscription. */
async function mayHold(
  hub: Connections,
  deps: MessageDeps,
  conn: Connection,
  stream: string,
): Promise<boolean> {
  const key = conn.key;
  if (!key) return false;
  const scope = STREAM_SCOPE(stream);
  if (!key.scopes.includes(scope)) {
    hub.refuse(conn, WS_V1_ERRORS.scopeMissing, apiKeyMessages.scopeMissing(scope));
    return false;
  }
  try {
    conn.principal = await deps.keyGuards.principalFor(key, { subscriber: true });
    return true;
  } catch {
    hub.refuse(conn, WS_V1_ERRORS.subscriptionRequired, serverMessages.subscriptionRequired);
    return false;
  }
}

async function subscribe(hub: Connections, deps: MessageDeps, conn: Connection, streams: readonly string[]) {
  const added: string[] = [];
  for (const stream of streams) {
    if (conn.streams.has(stream)) continue;
    const quotes = [...conn.streams].filter((s) => s.startsWith('quotes:')).length;
    if (stream.startsWith('quotes:') && quotes >= WS_V1_QUOTES_MAX) {
      hub.refuse(conn, WS_V1_ERRORS.tooManyQuotes, `At most ${WS_V1_QUOTES_MAX} quote streams`);
      continue;
    }
    if (!(await mayHold(hub, deps, conn, stream))) continue;
    conn.streams.add(stream);
    added.push(stream);
  }
  if (added.length > 0) hub.send(conn, encode({ type: 'subscribed', streams: added }));
}

/** The batches of a market stream since (ep, seq), from this node's backlog, then `resumed`. */
function resume(
  hub: Connections,
  deps: MessageDeps,
  conn: Connection,
  stream: WsV1MarketStream,
  ep: number,
  seq: number,
) {
  if (!conn.streams.has(stream)) {
    hub.refuse(conn, WS_V1_ERRORS.notSubscribed, `Subscribe to ${stream} before resuming it`);
    return;
  }
  const answer = deps.backlog.since(ep, seq);
  if (typeof answer === 'string') {
    hub.refuse(
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
    const data = marketFramesOf(ep, bytes, deps.log)?.[stream];
    if (data) {
      hub.send(conn, data);
      batches++;
    }
  }
  hub.send(conn, encode({ type: 'resumed', stream, batches }));
}

/** One parsed client message: `auth` first (anything else before it closes), then the streams. */
export async function handleMessage(
  hub: Connections,
  deps: MessageDeps,
  conn: Connection,
  message: WsV1ClientMessage,
): Promise<void> {
  if (message.action === 'auth') {
    if (!conn.key) await authenticate(hub, deps, conn, message.key);
    return;
  }
  if (!conn.key) {
    hub.drop(conn, WS_V1_CLOSE.authFailed, apiKeyMessages.invalid);
    return;
  }
  switch (message.action) {
    case 'ping':
      hub.send(conn, encode({ type: 'pong', ts: deps.clock.now() }));
      return;
    case 'subscribe':
      await subscribe(hub, deps, conn, message.streams);
      return;
    case 'unsubscribe':
      for (const stream of message.streams) {
        conn.streams.delete(stream);
        conn.quoteSeq.delete(stream);
      }
      hub.send(conn, encode({ type: 'unsubscribed', streams: message.streams }));
      return;
    case 'resume':
      resume(hub, deps, conn, message.stream, message.ep, message.seq);
      return;
  }
}
