import type { DiscoveryAccess, RuleSetsMessage, StreamRecentQuery } from '@tapeline/core';
import type { Timeframe } from '@tapeline/market';

/** What the API thread may ask the engine thread; answers are JSON text, serialized once there. */
export type EngineQuery =
  | { kind: 'discovery'; tf: Timeframe; access: DiscoveryAccess }
  | { kind: 'names' }
  | { kind: 'moneyFlow'; symbol: string }
  | { kind: 'realVolume'; symbol: string }
  | { kind: 'sectorCounts' }
  | { kind: 'optionable' }
  | { kind: 'meters' }
  | { kind: 'status' }
  /** Figures of up to 100 symbols for the quote cards: a JSON array of `QuoteFigures | null` (@tapeline/market), aligned with `symbols`. */
  | { kind: 'quotes'; symbols: string[]; spark: boolean }
  /** The simulator's news of the session with since < ts ≤ clock: `SimNewsItem[]` (empty when not the simulator). */
  | { kind: 'simNews'; since: number }
  /**
   * GET /data/stream_bk: the day's newest highs, lows and halts a channel shows, as
   * `{data: [batch]}` (core streamRecentResponseSchema); `proPlus` lets the ATR and gap ranges
   * count, as the client's filter does.
   */
  | { kind: 'streamRecent'; query: StreamRecentQuery; proPlus: boolean };

/** Most symbols one `quotes` query may name. */
export const QUOTES_QUERY_MAX = 100;

/** One item of the simulator's news (the `simulated` news source writes the text). */
export interface SimNewsItem {
  sym: string;
  /** The symbol's company name. */
  name: string;
  /** Virtual time (ms). */
  ts: number;
  kind: 'catalyst' | 'spike' | 'halt' | 'filing';
  /** The filing's form (8-K, 6-K, S-1, 424B5, 10-Q); only on filings. */
  form?: string;
}

export interface EngineStatus {
  feed: string;
  symbols: number;
  clock: number;
  phase: string;
  trades: number;
  restored: boolean;
  /** Running totals for the operator's metrics (docs/operations.md); absent from older engines. */
  counters?: EngineCounters;
}

/**
 * The engine thread's running totals, plain numbers bumped where the work happens (no labels,
 * nothing allocated per event); the metrics endpoints read them with the status.
 */
export interface EngineCounters {
  /** Stream batches published, and the wall ms spent draining and encoding them. */
  batches: number;
  batchMs: number;
  /** Discovery recomputes (at most one a second per timeframe asked) and their wall ms. */
  discoveryRecomputes: number;
  discoveryMs: number;
  /** Alert evaluation passes (after each drain, each Discovery refresh) and alerts fired. */
  alertsEvaluated: number;
  alertsFired: number;
  /** The feed's reconnects since the engine started. */
  feedReconnects: number;
}

/** Messages from the API thread to the engine thread. */
export type ToEngine =
  | { type: 'query'; id: number; query: EngineQuery }
  | { type: 'events'; lines: string[] }
  | { type: 'rules'; sets: RuleSetsMessage['sets'] }
  | { type: 'popular'; symbols: string[] }
  /** News times from the bus's `news:times`: [symbol, published ms, 1 when a filing]. */
  | { type: 'newsTimes'; items: [string, number, 0 | 1][] }
  | { type: 'checkpoint'; id: number }
  | { type: 'stop'; id: number }
  /** A hot standby thread (worker.ts `standby`) takes the lead with the lease's epoch. */
  | { type: 'lead'; epoch: number };

/**
 * Messages from the engine thread. `batch` is a bus frame (stream/busFrame.ts): the batch's `ep`
 * and `seq` as a 16-byte header, then its JSON text, raw-deflated.
 */
export type FromEngine =
  /** A standby thread has loaded its code and waits for `lead`. */
  | { type: 'standing-by' }
  | { type: 'ready'; status: EngineStatus }
  | { type: 'batch'; bytes: Uint8Array }
  /** Fired alerts as the bus's `alerts:fired` JSON, serialized once on the engine thread. */
  | { type: 'alerts'; json: string }
  /** Live prices as the bus's `quotes:tick` JSON (core quoteTickMessageSchema), once a second when something printed. */
  | { type: 'quotes'; json: string }
  | { type: 'answer'; id: number; json: string }
  | { type: 'failed'; id: number; message: string }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; msg: string; extra?: Record<string, unknown> };
