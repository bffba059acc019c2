import { sipConditions } from '@tapeline/market';
import { systemClock } from '../../../../platform/clock.ts';
import type { HistorySettings } from '../../../../platform/config.ts';
import { type Log, silentLog } from '../../../../platform/log.ts';
import {
  emptyStats,
  type FeedSink,
  type FeedStats,
  isNum,
  type MarketFeed,
  type NetworkFeedOptions,
} from '../feed.ts';
import { startReference } from '../history/backfill.ts';
import { restClient } from '../history/restClient.ts';
import { loadSymbols } from '../symbols.ts';
import { WsConnection } from '../wsConnection.ts';
import { alpacaHistory } from './alpacaHistory.ts';
import {
  ERR_AUTH_FAILED,
  ERR_CONNECTION_LIMIT,
  ERR_INSUFFICIENT_SUBSCRIPTION,
  haltReason,
  haltState,
  rfc3339ToMs,
} from './codes.ts';

// Alpaca market-data v2 stream (wss://stream.data.alpaca.markets/v2/{iex|sip}). Protocol: the
// server greets with [{"T":"success","msg":"connected"}]; we send {"action":"auth","key","secret"};
// after [{"T":"success","msg":"authenticated"}] we subscribe to trades, statuses and LULDs for
// every symbol; [{"T":"subscription",…}] confirms. Data messages:
//   t  trade: S (symbol), p, s, t (RFC-3339, ns), c (SIP condition letters, read by the plan of
//      tape z: sipConditions), plus i, x
//   s  trading status: S, sc/sm (status), rc/rm (reason), t, z   → see codes.ts for the mapping
//   l  LULD bands: S, u, d, i, t, z — bands only, no halt; counted, not forwarded
// Errors: 402 auth failed and 409 insufficient subscription are fatal; 406 connection limit
// exceeded (another client holds the account's one connection) waits limitBackoffMs and retries.

export interface AlpacaFeedOptions extends NetworkFeedOptions {
  keyId: string;
  secretKey: string;
  /** ALPACA_DATA_URL (bars) and ALPACA_TRADING_URL (asset list): alpacaHistory.ts. */
  dataUrl?: string;
  tradingUrl?: string;
  /** HISTORY_*: backfill before the websocket connects (docs/continuity.md §5); absent: none. */
  history?: HistorySettings;
  /** The bars' data feed; default: the stream URL's (`…/v2/sip` → sip, else iex). */
  dataFeed?: 'iex' | 'sip';
  /** The wall clock the backfill reads (tests pin it). */
  now?: () => number;
}

export class AlpacaFeed implements MarketFeed {
  readonly name = 'alpaca';
  private readonly counters: FeedStats = emptyStats();
  private conn: WsConnection | null = null;
  /** Set by stop(): a start still in its REST backfill then never connects. */
  private stopped = false;
  /** LULD band messages seen (not forwarded: they carry no halt). */
  lulds = 0;

  constructor(private readonly options: AlpacaFeedOptions) {}

  async start(sink: FeedSink): Promise<void> {
    this.stopped = false;
    const logger = this.options.logger ?? silentLog;
    const own = this.options.symbolsFile ? await loadSymbols(this.options.symbolsFile) : [];
    const { dataUrl, tradingUrl, keyId, secretKey } = this.options;
    const dataFeed = this.options.dataFeed ?? (/\/sip\/?$/.test(this.options.url) ? 'sip' : 'iex');
    const headers = { 'APCA-API-KEY-ID': keyId, 'APCA-API-SECRET-KEY': secretKey };
    const vendor =
      dataUrl && tradingUrl
        ? alpacaHistory(dataUrl, tradingUrl, dataFeed, restClient({ headers, logger }))
        : null;
    await startReference(
      vendor,
      own,
      this.options.history,
      (this.options.now ?? systemClock.now)(),
      sink,
      logger,
    );
    if (this.stopped) return;
    let send: (message: unknown) => void = () => {};
    const conn = new WsConnection(
      {
        url: this.options.url,
        name: 'alpaca',
        logger,
        stats: this.counters,
        backoff: this.options.backoff,
        limitBackoffMs: this.options.limitBackoffMs,
      },
      {
        onOpen: (s) => {
          send = s;
        },
        onFrame: (text) => {
          let frame: unknown;
          try {
            frame = JSON.parse(text);
          } catch {
            this.counters.malformed++;
            return;
          }
          if (!Array.isArray(frame)) {
            this.counters.malformed++;
            return;
          }
          for (const m of frame) this.onMessage(m, sink, send, logger);
        },
      },
    );
    this.conn = conn;
    await conn.start();
  }

  private onMessage(m: unknown, sink: FeedSink, send: (m: unknown) => void, logger: Log): void {
    const c = this.counters;
    if (typeof m !== 'object' || m === null) {
      c.malformed++;
      return;
    }
    const msg = m as Record<string, unknown>;
    switch (msg.T) {
      case 't': {
        const ts = typeof msg.t === 'string' ? rfc3339ToMs(msg.t) : Number.NaN;
        if (typeof msg.S === 'string' && isNum(msg.p) && isNum(msg.s) && !Number.isNaN(ts)) {
          c.trades++;
          sink.trade(msg.S, msg.p, msg.s, ts, sipConditions(msg.c, msg.z));
        } else c.malformed++;
        return;
      }
      case 's': {
        const ts = typeof msg.t === 'string' ? rfc3339ToMs(msg.t) : Number.NaN;
        if (typeof msg.S !== 'string' || typeof msg.sc !== 'string' || Number.isNaN(ts)) {
          c.malformed++;
          return;
        }
        const state = haltState(msg.sc);
        if (state < 0) return;
        c.statuses++;
        sink.status(msg.S, state === 1, haltReason(msg.sc, typeof msg.rc === 'string' ? msg.rc : ''), ts);
        return;
      }
      case 'l':
        this.lulds++;
        return;
      case 'success':
        if (msg.msg === 'connected')
          send({ action: 'auth', key: this.options.keyId, secret: this.options.secretKey });
        else if (msg.msg === 'authenticated') {
          send({ action: 'subscribe', trades: ['*'], statuses: ['*'], lulds: ['*'] });
        }
        return;
      case 'subscription':
        this.conn?.ready();
        return;
      case 'error':
        this.onError(Number(msg.code), String(msg.msg ?? ''), logger);
        return;
      default:
        c.malformed++;
    }
  }

  private onError(code: number, text: string, logger: Log): void {
    const conn = this.conn;
    if (!conn) return;
    if (code === ERR_AUTH_FAILED) {
      conn.fatal(new Error(`authentication failed (402 ${text}): check ALPACA_KEY_ID and ALPACA_SECRET_KEY`));
    } else if (code === ERR_INSUFFICIENT_SUBSCRIPTION) {
      conn.fatal(new Error(`insufficient subscription (409 ${text}): try ALPACA_FEED=iex`));
    } else if (code === ERR_CONNECTION_LIMIT) {
      conn.connectionLimit(`406 ${text} (another client is connected with these keys)`);
    } else {
      logger.warn(`alpaca: error ${code} ${text}`);
      // 401 not authenticated / 404 auth timeout and the like: start over on a fresh connection.
      if (code === 401 || code === 404) conn.drop();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.conn?.stop();
    this.conn = null;
  }

  stats(): FeedStats {
    return { ...this.counters };
  }
}
