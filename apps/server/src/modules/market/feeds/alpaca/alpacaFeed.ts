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
import { boundedSymbols } from '../watchSymbols.ts';
import { WsConnection } from '../wsConnection.ts';
import { alpacaHistory } from './alpacaHistory.ts';
import { ALPACA_ERRORS, haltReason, haltState, PLAN_SYMBOL_LIMIT, rfc3339ToMs } from './codes.ts';

// Alpaca market-data v2 stream (wss://stream.data.alpaca.markets/v2/{iex|sip}). Protocol: the
// server greets with [{"T":"success","msg":"connected"}]; we send {"action":"auth","key","secret"};
// after [{"T":"success","msg":"authenticated"}] we subscribe to trades, statuses and LULDs for
// every symbol; [{"T":"subscription",…}] confirms. Data messages:
//   t  trade: S (symbol), p, s, t (RFC-3339, ns), c (SIP condition letters, read by the plan of
//      tape z: sipConditions), plus i, x
//   s  trading status: S, sc/sm (status), rc/rm (reason), t, z   → see codes.ts for the mapping
//   l  LULD bands: S, u, d, i, t, z — bands only, no halt; counted, not forwarded
//   c  correction (S, oi/op/os/oc original, ci/cp/cs/cc corrected), x cancel/error (S, i, p, s,
//      a) — counted, not applied
// Errors (codes.ts ALPACA_ERRORS, every one the docs list): 402 auth failed and 409 insufficient
// subscription are fatal; 406 connection limit exceeded (another client holds the account's one
// connection) waits limitBackoffMs and retries; 405 symbol limit exceeded and 410 invalid
// subscribe action are the plan refusing the wildcard: one log line says what the plan allows
// and what to set, and the feed subscribes a bounded set instead (watchSymbols.ts), halving it
// while the plan still refuses; the rest start over on a new connection.

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
  /** MARKET_SYMBOLS_WATCH: what to stream when the plan refuses the whole market. */
  watch?: readonly string[];
  /** The symbols traders watch (favorites, alert rules), read when the bounded set is chosen. */
  watched?: () => readonly string[];
  /** Symbols one connection may subscribe; default by plan (PLAN_SYMBOL_LIMIT). */
  symbolLimit?: number;
}

export class AlpacaFeed implements MarketFeed {
  readonly name = 'alpaca';
  private readonly counters: FeedStats = emptyStats();
  private conn: WsConnection | null = null;
  /** Set by stop(): a start still in its REST backfill then never connects. */
  private stopped = false;
  /** LULD band messages seen (not forwarded: they carry no halt). */
  lulds = 0;
  /** Trade corrections (`c`) and cancels/errors (`x`) seen, not applied. */
  corrections = 0;
  /** The bounded symbol set after the plan refused the wildcard; null: the whole market. */
  bounded: string[] | null = null;
  private limit = Number.POSITIVE_INFINITY;
  private dataFeed: 'iex' | 'sip' = 'iex';

  constructor(private readonly options: AlpacaFeedOptions) {}

  async start(sink: FeedSink): Promise<void> {
    this.stopped = false;
    const logger = this.options.logger ?? silentLog;
    const own = this.options.symbolsFile ? await loadSymbols(this.options.symbolsFile) : [];
    const { dataUrl, tradingUrl, keyId, secretKey } = this.options;
    const dataFeed = this.options.dataFeed ?? (/\/sip\/?$/.test(this.options.url) ? 'sip' : 'iex');
    this.dataFeed = dataFeed;
    this.limit = this.options.symbolLimit ?? PLAN_SYMBOL_LIMIT[dataFeed];
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
      case 'c':
      case 'x':
        // Corrections and cancels of earlier prints (SIP): counted. The engine keeps no print
        // history to undo, so a corrected print's effect stays (docs/metrics.md).
        this.corrections++;
        return;
      case 'success':
        if (msg.msg === 'connected')
          send({ action: 'auth', key: this.options.keyId, secret: this.options.secretKey });
        else if (msg.msg === 'authenticated') this.subscribe(send);
        return;
      case 'subscription':
        this.conn?.ready();
        return;
      case 'error':
        this.onError(Number(msg.code), String(msg.msg ?? ''), send, logger);
        return;
      default:
        c.malformed++;
    }
  }

  /** Every symbol, or the bounded set once the plan refused that. */
  private subscribe(send: (m: unknown) => void): void {
    // A reconnection after a refusal picks the bounded set again: traders' lists move.
    if (this.bounded) {
      const again = boundedSymbols(this.options.watch ?? [], this.options.watched?.() ?? [], this.limit);
      if (again.length > 0) this.bounded = again;
    }
    const list = this.bounded ?? ['*'];
    send({ action: 'subscribe', trades: list, statuses: list, lulds: list });
  }

  private onError(code: number, text: string, send: (m: unknown) => void, logger: Log): void {
    const conn = this.conn;
    if (!conn) return;
    const known = ALPACA_ERRORS[code];
    const says = known ? `${known.says}${text ? ` — "${text}"` : ''}` : `error ${code} ${text}`;
    switch (known?.action) {
      case 'fatal':
        conn.fatal(new Error(says));
        return;
      case 'limit':
        conn.connectionLimit(says);
        return;
      case 'plan':
        this.onPlanRefusal(says, send, logger);
        return;
      case 'note':
        logger.info(`alpaca: ${says}`);
        return;
      default:
        logger.warn(`alpaca: ${says}; reconnecting`);
        conn.drop();
    }
  }

  /** The plan refused the subscription: one line for the operator, then a smaller set. */
  private onPlanRefusal(says: string, send: (m: unknown) => void, logger: Log): void {
    const conn = this.conn;
    if (!conn) return;
    if (this.bounded) this.limit = Math.floor(this.bounded.length / 2);
    const watch = this.options.watch ?? [];
    const list = boundedSymbols(watch, this.options.watched?.() ?? [], this.limit);
    if (list.length === 0) {
      conn.fatal(
        new Error(
          `${says}; no symbol left to stream: set MARKET_SYMBOLS_WATCH, or ALPACA_FEED=sip with Algo Trader Plus`,
        ),
      );
      return;
    }
    this.bounded = list;
    const plan =
      this.dataFeed === 'iex'
        ? `the free plan's IEX stream allows ${PLAN_SYMBOL_LIMIT.iex} symbols per connection and no wildcard`
        : 'the plan does not allow every symbol';
    const from =
      watch.length > 0 ? 'MARKET_SYMBOLS_WATCH' : "traders' favorites and alert symbols, then DIA/QQQ/SPY";
    logger.error(
      `alpaca: ${says}: ${plan}; streaming ${list.length} symbols from ${from} (${list.slice(0, 8).join(', ')}${list.length > 8 ? ', …' : ''}) instead of the whole market. Set MARKET_SYMBOLS_WATCH=AAPL,TSLA,… to choose them, or ALPACA_FEED=sip (Algo Trader Plus) for every symbol.`,
    );
    this.subscribe(send);
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
