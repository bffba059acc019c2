import type { DiscoveryAccess, RuleSetsMessage } from '@tapeline/core';
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
  | { kind: 'status' };

export interface EngineStatus {
  feed: string;
  symbols: number;
  clock: number;
  phase: string;
  trades: number;
  restored: boolean;
}

/** Messages from the API thread to the engine thread. */
export type ToEngine =
  | { type: 'query'; id: number; query: EngineQuery }
  | { type: 'events'; lines: string[] }
  | { type: 'rules'; sets: RuleSetsMessage['sets'] }
  | { type: 'popular'; symbols: string[] }
  | { type: 'checkpoint'; id: number }
  | { type: 'stop'; id: number };

/** Messages from the engine thread. `batch` is the stream batch's JSON text, raw-deflated. */
export type FromEngine =
  | { type: 'ready'; status: EngineStatus }
  | { type: 'batch'; bytes: Uint8Array }
  /** Fired alerts as the bus's `alerts:fired` JSON, serialized once on the engine thread. */
  | { type: 'alerts'; json: string }
  | { type: 'answer'; id: number; json: string }
  | { type: 'failed'; id: number; message: string }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; msg: string; extra?: Record<string, unknown> };
