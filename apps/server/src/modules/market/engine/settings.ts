import path from 'node:path';
import type { Config } from '../../../platform/config.ts';
import type { EngineWorkerData } from './worker.ts';

export const DRAIN_MS = 250;
export const CHECKPOINT_MS = 10_000;

/** `manual:<ISO time>` starts a hand-fed engine's clock there, so tests can use any session. */
function manualClockStart(feed: string): number | null {
  const iso = /^manual:(.+)$/.exec(feed)?.[1];
  const ts = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(ts) ? ts : null;
}

/** The engine thread's settings, the same whether it runs beside the API or alone. */
export function engineSettings(config: Config): EngineWorkerData {
  return {
    feed: config.marketFeed,
    checkpointFile: path.join(config.dataDir, 'engine', 'checkpoint.bin'),
    drainMs: DRAIN_MS,
    checkpointMs: CHECKPOINT_MS,
    clockStart: manualClockStart(config.marketFeed),
    feedEnv: config.feedEnv,
  };
}
