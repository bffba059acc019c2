import WebSocket from 'ws';
import type { Clock, Timer } from '../../../../platform/clock.ts';
import type { Log } from '../../../../platform/log.ts';
import { Backoff } from '../../../market/feeds/backoff.ts';
import { CREDENTIALS_WAIT_MS, RETRY_BASE_MS, RETRY_MAX_MS } from '../../ingest/pollLoop.ts';

// Alpaca's news websocket, reconnected on its own clock. Not market/feeds/wsConnection.ts: news
// must know when the socket is down (the REST history is polled meanwhile), and refused keys are
// retried every 10 minutes instead of stopping for good. Handshake (docs/quotes-news.md §3):
//   ← [{"T":"success","msg":"connected"}]   → {"action":"auth","key","secret"}
//   ← [{"T":"success","msg":"authenticated"}] → {"action":"subscribe","news":["*"]}
//   ← [{"T":"subscription","news":["*"]}]   then arrays of {"T":"n",…}
// Errors: 402 auth failed (10 min), 406 connection limit (long wait), others reconnect on backoff.

export interface NewsSocketOptions {
  url: string;
  keyId: string;
  secretKey: string;
  clock: Clock;
  random?: () => number;
  logger: Log;
  /** Wait after 406 (default 10 min): another client holds the keys' connection. */
  limitWaitMs?: number;
  /** Ping interval; a socket that misses a pong is dropped (default 30 s). */
  heartbeatMs?: number;
  onNews(items: unknown[]): void;
  /** A frame that was not JSON or not an array. */
  onMalformed(): void;
  onUpChange(up: boolean): void;
}

export class NewsSocket {
  private ws: WebSocket | null = null;
  private stopped = false;
  private timer: Timer | null = null;
  private heartbeat: Timer | null = null;
  private nextDelay: number | null = null;
  private readonly backoff: Backoff;

  constructor(private readonly o: NewsSocketOptions) {
    this.backoff = new Backoff({ baseMs: RETRY_BASE_MS, maxMs: RETRY_MAX_MS, random: o.random });
  }

  start(): void {
    this.connect();
  }

  private connect(): void {
    if (this.stopped) return;
    const ws = new WebSocket(this.o.url, { perMessageDeflate: false });
    this.ws = ws;
    let alive = true;
    ws.on('pong', () => {
      alive = true;
    });
    ws.on('open', () => {
      const beat = () => {
        if (this.ws !== ws) return;
        if (!alive) {
          this.o.logger.warn('alpaca news: no pong, reconnecting');
          ws.terminate();
          return;
        }
        alive = false;
        ws.ping();
        this.heartbeat = this.o.clock.setTimeout(beat, this.o.heartbeatMs ?? 30_000);
      };
      this.heartbeat = this.o.clock.setTimeout(beat, this.o.heartbeatMs ?? 30_000);
    });
    ws.on('message', (data, isBinary) => {
      if (this.ws !== ws) return;
      if (isBinary) return this.o.onMalformed();
      let frame: unknown;
      try {
        frame = JSON.parse(data.toString());
      } catch {
        return this.o.onMalformed();
      }
      if (!Array.isArray(frame)) return this.o.onMalformed();
      const news: unknown[] = [];
      for (const m of frame) {
        const msg = (m ?? {}) as Record<string, unknown>;
        if (msg.T === 'n') news.push(msg);
        else this.control(ws, msg);
      }
      if (news.length > 0) this.o.onNews(news);
    });
    ws.on('error', (error) => this.o.logger.warn(`alpaca news: ${error.message}`));
    ws.on('close', () => {
      this.heartbeat?.cancel();
      if (this.ws === ws) this.ws = null;
      this.o.onUpChange(false);
      if (this.stopped) return;
      const delay = this.nextDelay ?? this.backoff.next();
      this.nextDelay = null;
      this.o.logger.warn(`alpaca news: disconnected, reconnecting in ${delay} ms`);
      this.timer = this.o.clock.setTimeout(() => this.connect(), delay);
    });
  }

  private control(ws: WebSocket, msg: Record<string, unknown>): void {
    const send = (m: unknown) => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify(m));
    if (msg.T === 'success' && msg.msg === 'connected') {
      send({ action: 'auth', key: this.o.keyId, secret: this.o.secretKey });
    } else if (msg.T === 'success' && msg.msg === 'authenticated') {
      send({ action: 'subscribe', news: ['*'] });
    } else if (msg.T === 'subscription') {
      this.backoff.reset();
      this.o.onUpChange(true);
    } else if (msg.T === 'error') {
      const code = Number(msg.code);
      const text = String(msg.msg ?? '');
      if (code === 402) {
        this.o.logger.error(
          `alpaca news: authentication failed (402 ${text}): check ALPACA_KEY_ID and ALPACA_SECRET_KEY`,
        );
        this.nextDelay = CREDENTIALS_WAIT_MS;
      } else if (code === 406) {
        this.o.logger.warn(
          `alpaca news: connection limit exceeded (406 ${text}): another client uses these keys`,
        );
        this.nextDelay = this.o.limitWaitMs ?? 10 * 60_000;
      } else {
        this.o.logger.warn(`alpaca news: error ${code} ${text}`);
      }
      ws.terminate();
    }
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.heartbeat?.cancel();
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState !== WebSocket.CLOSED) ws.terminate();
  }
}
