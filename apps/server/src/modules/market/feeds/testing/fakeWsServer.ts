import type { HistorySource } from '@tapeline/market';
import { type WebSocket, WebSocketServer } from 'ws';
import { recordingLog } from '../../../../test/recordingLog.ts';
import type { FeedSink } from '../feed.ts';

// Test helpers: a websocket server on loopback (port 0) whose behaviour each test scripts per
// connection, and a sink that keeps what it receives.

export interface FakeConnection {
  readonly index: number;
  readonly socket: WebSocket;
  /** Parsed JSON messages the client sent, in order. */
  readonly received: unknown[];
  /** Sends a frame: a value is JSON-encoded, a string goes as is (for malformed frames). */
  send(frame: unknown): void;
}

export interface FakeServer {
  readonly url: string;
  readonly connections: FakeConnection[];
  close(): Promise<void>;
}

export async function startFakeServer(
  onConnection: (conn: FakeConnection) => void,
  onMessage: (conn: FakeConnection, message: Record<string, unknown>) => void,
): Promise<FakeServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const connections: FakeConnection[] = [];
  wss.on('connection', (socket) => {
    const conn: FakeConnection = {
      index: connections.length,
      socket,
      received: [],
      send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    };
    connections.push(conn);
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      conn.received.push(message);
      onMessage(conn, message);
    });
    onConnection(conn);
  });
  const { port } = wss.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}`,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
}

export interface Captured {
  trades: [string, number, number, number][];
  /** Each trade's normalized sale conditions, in the order of `trades`. */
  conditions: number[];
  statuses: [string, boolean, string, number][];
  references: number;
  /** Each history handed over, with how many references and trades had come before it. */
  histories: { source: HistorySource; references: number; trades: number }[];
  clock: number;
}

export function captureSink(): { sink: FeedSink; got: Captured } {
  const got: Captured = { trades: [], conditions: [], statuses: [], references: 0, histories: [], clock: 0 };
  return {
    got,
    sink: {
      trade: (sym, price, size, ts, conditions = 0) => {
        got.trades.push([sym, price, size, ts]);
        got.conditions.push(conditions);
      },
      status: (sym, halted, reason, ts) => void got.statuses.push([sym, halted, reason, ts]),
      reference: () => void got.references++,
      history: (source) =>
        void got.histories.push({ source, references: got.references, trades: got.trades.length }),
      clock: (ts) => {
        got.clock = ts;
      },
    },
  };
}

export async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export const recordingLogger = () => {
  const logger = recordingLog();
  return { lines: logger.lines, logger };
};
