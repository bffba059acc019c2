import path from 'node:path';
import type { MarketFeedConfig } from '../../../platform/config.ts';
import { sessionsDir } from '../../lab/sessionFiles.ts';
import type { EngineWorkerData } from './worker.ts';

export const DRAIN_MS = 250;
/** ENGINE_CHECKPOINT_MS's default. */
export const CHECKPOINT_MS = 10_000;

/** The MARKET_FEED settings under which a node runs an engine thread: a feed, or hand-fed. */
export type EngineFeed = Extract<MarketFeedConfig, { kind: 'feed' | 'manual' }>;

/** The engine thread's settings, the same whether it runs beside the API or alone. */
export function engineSettings(
  dataDir: string,
  market: EngineFeed,
  {
    checkpointMs = CHECKPOINT_MS,
    recordSessions = 0,
  }: { checkpointMs?: number; recordSessions?: number } = {},
): EngineWorkerData {
  return {
    feed: market.name,
    source: market.kind === 'feed' ? market.feed : null,
    checkpointFile: path.join(dataDir, 'engine', 'checkpoint.bin'),
    // The Alert lab's recorder runs with a feed; a hand-fed engine (tests, tools) records nothing.
    record:
      recordSessions > 0 && market.kind === 'feed'
        ? { dir: sessionsDir(dataDir), keep: recordSessions }
        : null,
    drainMs: DRAIN_MS,
    checkpointMs,
    clockStart: market.kind === 'manual' ? market.clockStart : null,
  };
}
