import type { BarStore } from '../bars/barStore.ts';
import type { SessionDay } from '../calendar/session.ts';
import type { DayState } from '../state/day.ts';
import type { Interner, SymbolTable } from '../state/symbols.ts';
import type { VolumeProfile } from '../state/volumeProfile.ts';
import type { StreamQueue } from '../stream/streamQueue.ts';

/**
 * The engine's state as its helpers see it (figures, seeding, drains, Discovery, checkpoints):
 * the struct-of-arrays tables and the session, not the engine and its hot path. MarketEngine
 * implements it; each helper takes the Pick it needs, so its signature says what it touches.
 */
export interface EngineState {
  /** The engine's "now": session rollover, drains and Discovery. */
  readonly clock: () => number;
  readonly table: SymbolTable;
  readonly day: DayState;
  readonly bars: BarStore;
  readonly profile: VolumeProfile;
  readonly queue: StreamQueue;
  /** Halt reasons by id; a restored checkpoint replaces it. */
  reasons: Interner;
  /** The session state belongs to. */
  readonly session: SessionDay;
  /** One indicator block reused by `liveIndicators`: valid until its next call. */
  readonly scratch: Float64Array;
}

/** What the per-symbol figures read (`metrics.ts`). */
export type FigureState = Pick<EngineState, 'table' | 'day' | 'bars' | 'scratch'>;

/** The session moves a drain, a recompute or a restore may make. */
export interface SessionControl {
  /** Rolls the session when the clock has passed the next trading day's 04:00. */
  advance(now?: number): void;
  /** Makes s the current session. */
  setSession(s: SessionDay): void;
  /** Grows every table to hold at least n symbols. */
  reserve(n: number): void;
}
