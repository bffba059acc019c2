import type { HistorySource, ReferenceData, SimNewsKind } from '@tapeline/market';
import type { Log } from '../../../platform/log.ts';
import type { BackoffOptions } from './backoff.ts';

// One interface for every market-data source. A feed decodes its wire format and pushes plain
// arguments into the sink: no event object per trade, so a busy feed allocates as little as its
// wire format allows (the simulator nothing at all).

export interface FeedSink {
  /**
   * One print. `conditions`: its sale conditions as normalized bits (`@tapeline/market`
   * `massiveConditions` / `sipConditions`; 0 or absent = regular), which decide what it updates.
   */
  trade(sym: string, price: number, size: number, ts: number, conditions?: number): void;
  status(sym: string, halted: boolean, reason: string, ts: number): void;
  reference(data: readonly ReferenceData[]): void;
  /**
   * Completed bars and volume profiles from before the feed's first session, called once after
   * the first `reference` by a feed that has them (the simulator). The engine takes only what it
   * does not already know, so a checkpoint restored for the same session is kept.
   */
  history?(source: HistorySource): void;
  /** Feeds with their own time (simulator, replay) advance the engine clock through this. */
  clock?(ts: number): void;
  /** The simulator's news items (its `SimulatorSink.news`), kept for the `simNews` query. */
  news?(sym: string, ts: number, kind: SimNewsKind, form?: string): void;
}

/** Counters every feed keeps; read them for logs and the status endpoint. */
export interface FeedStats {
  trades: number;
  statuses: number;
  /** Lines or frames that could not be decoded, skipped and counted. */
  malformed: number;
  /** Successful connections after the first (network feeds). */
  reconnects: number;
}

export interface MarketFeed {
  readonly name: string;
  /**
   * Starts pushing into the sink. Resolves once the feed runs (network feeds: first connection
   * authenticated and subscribed); rejects on a fatal error such as refused credentials.
   * Transient failures are retried with backoff, never thrown.
   */
  start(sink: FeedSink): Promise<void>;
  /** Stops timers and sockets; no sink call happens after it resolves. */
  stop(): Promise<void>;
  stats(): FeedStats;
}

export function emptyStats(): FeedStats {
  return { trades: 0, statuses: 0, malformed: 0, reconnects: 0 };
}

/** A vendor field that must be a finite number before it reaches the engine. */
export const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** What every websocket vendor adapter is configured with besides its keys. */
export interface NetworkFeedOptions {
  url: string;
  /** Reference data (MARKET_SYMBOLS); null when the feed runs without it. */
  symbolsFile: string | null;
  logger?: Log;
  backoff?: BackoffOptions;
  /** How long to wait after the vendor refuses a second connection. */
  limitBackoffMs?: number;
}
