import WebSocket from 'ws';
import { type Clock, systemClock, type Timer } from '../../../platform/clock.ts';
import type { Log } from '../../../platform/log.ts';
import { Backoff, type BackoffOptions } from './backoff.ts';
import type { FeedStats } from './feed.ts';

// The connection loop shared by the websocket feeds: connect, let the protocol authenticate and
// subscribe, reconnect after any drop with jittered exponential backoff, and stop for good on a
// fatal error (refused credentials). The protocol only parses frames and says what happened.

export interface WsProtocol {
  /** Called on every (re)connection, before any message. */
  onOpen(send: (message: unknown) => void): void;
  /** One text frame. Never throws: malformed input is counted by the protocol. */
  onFrame(text: string): void;
}

export interface WsConnectionOptions {
  url: string;
  name: string;
  logger: Log;
  stats: FeedStats;
  backoff?: BackoffOptions;
  /** Wait after a connection-limit refusal, so the other holder can finish (default 60 s). */
  limitBackoffMs?: number;
  /** Reconnect timers (default the system clock: feeds run on the engine thread). */
  clock?: Clock;
}

export class WsConnection {
  private ws: WebSocket | null = null;
  private stopped = false;
  private everReady = false;
  private timer: Timer | null = null;
  private nextDelay: number | null = null;
  private readonly backoff: Backoff;
  private settle: { resolve: () => void; reject: (error: Error) => void } | null = null;

  constructor(
    private readonly options: WsConnectionOptions,
    private readonly protocol: WsProtocol,
  ) {
    this.backoff = new Backoff(options.backoff);
  }

  /** Resolves on the first ready(), rejects on fatal(). */
  start(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject };
      this.connect();
    });
  }

  private connect(): void {
    if (this.stopped) return;
    const ws = new WebSocket(this.options.url, { perMessageDeflate: false });
    this.ws = ws;
    const send = (message: unknown) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    };
    ws.on('open', () => this.protocol.onOpen(send));
    ws.on('message', (data, isBinary) => {
      if (this.stopped || this.ws !== ws) return;
      if (isBinary) {
        this.options.stats.malformed++;
        return;
      }
      this.protocol.onFrame(data.toString());
    });
    ws.on('error', (error) => this.options.logger.warn(`${this.options.name}: ${error.message}`));
    ws.on('close', () => {
      if (this.ws === ws) this.ws = null;
      if (this.stopped) return;
      const delay = this.nextDelay ?? this.backoff.next();
      this.nextDelay = null;
      this.options.logger.warn(`${this.options.name}: disconnected, reconnecting in ${delay} ms`);
      this.timer = (this.options.clock ?? systemClock).setTimeout(() => this.connect(), delay);
    });
  }

  /** Authenticated and subscribed: the backoff starts over. */
  ready(): void {
    this.backoff.reset();
    if (this.everReady) this.options.stats.reconnects++;
    this.everReady = true;
    this.settle?.resolve();
    this.settle = null;
  }

  /** The provider refused a second connection: wait longer before the next attempt, then close. */
  connectionLimit(message: string): void {
    const wait = this.options.limitBackoffMs ?? 60_000;
    this.options.logger.warn(`${this.options.name}: ${message}; next attempt in ${wait} ms`);
    this.nextDelay = wait;
    this.drop();
  }

  /** Drops the current connection; the close handler reconnects. Later frames on it are ignored. */
  drop(): void {
    const ws = this.ws;
    this.ws = null;
    ws?.close();
  }

  /** Unrecoverable (e.g. bad credentials): stop and report. */
  fatal(error: Error): void {
    this.options.logger.error(`${this.options.name}: ${error.message}`);
    this.stop();
    this.settle?.reject(error);
    this.settle = null;
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState !== WebSocket.CLOSED) ws.terminate();
  }
}
