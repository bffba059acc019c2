import { massiveConditions } from '@tapeline/market';
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
import { massiveHistory } from './massiveHistory.ts';

// massive (formerly Polygon.io) stocks websocket. Protocol: connect; send
// {"action":"auth","params":KEY}; on [{"ev":"status","status":"auth_success"}] send
// {"action":"subscribe","params":"T.*,LULD.*"}. Frames are JSON arrays of messages tagged `ev`:
//   T     trade: sym, p (price), s (size), t (SIP timestamp, Unix ms), c (condition ids:
//         massiveConditions), plus x, i, z, q, trfi, trft
//   LULD  limit up/limit down: T (ticker), h, l (band), i (indicator codes), z, t (Unix ms), q
// LULD indicator 17 is a halt and 18 a resumption (documented for Nasdaq-listed names); both
// map to statuses with reason LUDP. Other indicators are band updates and are not statuses.

export const MASSIVE_SUBSCRIPTION = 'T.*,LULD.*';
/** How the cluster words a plan refusal (auth_failed or a status error on a channel). */
const PLAN_REFUSAL = /plan|not authorized|upgrade/i;
const LULD_HALT = 17;
const LULD_RESUME = 18;

export interface MassiveFeedOptions extends NetworkFeedOptions {
  apiKey: string;
  /** MASSIVE_REST_URL: reference data and bars (massiveHistory.ts). */
  restUrl?: string;
  /** HISTORY_*: backfill before the websocket connects (docs/continuity.md §5); absent: none. */
  history?: HistorySettings;
  /** The wall clock the backfill reads (tests pin it). */
  now?: () => number;
}

export class MassiveFeed implements MarketFeed {
  readonly name = 'massive';
  private readonly counters: FeedStats = emptyStats();
  private conn: WsConnection | null = null;
  /** Set by stop(): a start still in its REST backfill then never connects. */
  private stopped = false;

  constructor(private readonly options: MassiveFeedOptions) {}

  async start(sink: FeedSink): Promise<void> {
    this.stopped = false;
    const logger = this.options.logger ?? silentLog;
    const own = this.options.symbolsFile ? await loadSymbols(this.options.symbolsFile) : [];
    const { restUrl, apiKey } = this.options;
    const vendor = restUrl
      ? massiveHistory(restUrl, restClient({ headers: { authorization: `Bearer ${apiKey}` }, logger }))
      : null;
    const now = (this.options.now ?? systemClock.now)();
    await startReference(vendor, own, this.options.history, now, sink, logger);
    if (this.stopped) return;
    const counters = this.counters;
    let send: (message: unknown) => void = () => {};
    const conn = new WsConnection(
      {
        url: this.options.url,
        name: 'massive',
        logger,
        stats: counters,
        backoff: this.options.backoff,
        limitBackoffMs: this.options.limitBackoffMs,
      },
      {
        onOpen: (s) => {
          send = s;
          send({ action: 'auth', params: this.options.apiKey });
        },
        onFrame: (text) => {
          let frame: unknown;
          try {
            frame = JSON.parse(text);
          } catch {
            counters.malformed++;
            return;
          }
          if (!Array.isArray(frame)) {
            counters.malformed++;
            return;
          }
          for (const m of frame) {
            if (typeof m !== 'object' || m === null) {
              counters.malformed++;
              continue;
            }
            const msg = m as Record<string, unknown>;
            switch (msg.ev) {
              case 'T':
                if (typeof msg.sym === 'string' && isNum(msg.p) && isNum(msg.s) && isNum(msg.t)) {
                  counters.trades++;
                  sink.trade(msg.sym, msg.p, msg.s, msg.t, massiveConditions(msg.c));
                } else counters.malformed++;
                break;
              case 'LULD': {
                if (
                  typeof msg.T !== 'string' ||
                  !isNum(msg.t) ||
                  (msg.i !== undefined && !Array.isArray(msg.i))
                ) {
                  counters.malformed++;
                  break;
                }
                const codes = (msg.i ?? []) as unknown[];
                if (codes.includes(LULD_HALT)) {
                  counters.statuses++;
                  sink.status(msg.T, true, 'LUDP', msg.t);
                } else if (codes.includes(LULD_RESUME)) {
                  counters.statuses++;
                  sink.status(msg.T, false, 'LUDP', msg.t);
                }
                break;
              }
              case 'status':
                this.onStatus(String(msg.status), String(msg.message ?? ''), send, logger);
                break;
              default:
                counters.malformed++;
            }
          }
        },
      },
    );
    this.conn = conn;
    await conn.start();
  }

  private onStatus(status: string, message: string, send: (m: unknown) => void, logger: Log): void {
    const conn = this.conn;
    if (!conn) return;
    const url = this.options.url;
    const delayed = /delayed\./.test(url);
    switch (status) {
      case 'auth_success':
        send({ action: 'subscribe', params: MASSIVE_SUBSCRIPTION });
        conn.ready();
        return;
      case 'auth_failed':
        if (PLAN_REFUSAL.test(message)) {
          conn.fatal(
            new Error(
              `the plan of MASSIVE_API_KEY does not include ${url} ("${message}"): ${delayed ? 'a stocks plan with websocket access is needed' : 'real-time needs a real-time stocks plan; with a delayed plan set MASSIVE_WS_URL=wss://delayed.massive.com/stocks'}`,
            ),
          );
        } else {
          conn.fatal(new Error(`authentication failed (check MASSIVE_API_KEY): ${message}`));
        }
        return;
      case 'max_connections':
        conn.connectionLimit(`connection limit exceeded (another client uses this key): ${message}`);
        return;
      case 'error':
        this.onError(message, logger);
        return;
      default:
        // connected, success (subscribed to: …) and the like.
        return;
    }
  }

  /** A refused channel: without trades there is no feed; without LULD, halts come from elsewhere. */
  private onError(message: string, logger: Log): void {
    const conn = this.conn;
    if (!conn) return;
    if (!PLAN_REFUSAL.test(message)) {
      logger.warn(`massive: ${message}`);
      return;
    }
    if (/\bT\.\*/.test(message)) {
      conn.fatal(
        new Error(
          `the plan refused trades ("${message}"): the real-time cluster needs a real-time plan; with a delayed plan set MASSIVE_WS_URL=wss://delayed.massive.com/stocks`,
        ),
      );
    } else {
      logger.error(
        `massive: the plan refused a channel ("${message}"): trades still stream; halts come from HALTS_SOURCE=nasdaqtrader and the prints alone`,
      );
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
