import {
  FEED_STALL_MS,
  MARKET_STATUS_EVENT,
  MARKET_STATUS_EVERY_MS,
  type MarketStatus,
  type MarketStatusFrame,
  PROTOCOL_VERSION,
} from '@tapeline/core';
import { phaseAt } from '@tapeline/market';
import type { Server } from 'socket.io';
import type { Clock } from '../../platform/clock.ts';
import type { MarketSource } from '../../platform/config.ts';
import type { Log } from '../../platform/log.ts';
import type { EngineStatus } from './engine/protocol.ts';
import type { EngineSource } from './engine/source.ts';

/** One answer of the engine's `status`, and when (wall ms) this node read it. */
interface Sample {
  at: number;
  wall: number;
  trades: number;
}

export interface MarketStatusTracker {
  /** The feed's label and health and the market's clock now (`/api/config`). */
  current(): MarketStatus;
  stop(): void;
}

/**
 * The market's clock and the feed's health on an API node (issue 23 §3, §5): every
 * MARKET_STATUS_EVERY_MS it asks the engine (this process's thread or the engine process over
 * the bus) for its status, anchors the market clock at that answer, and sends the result to this
 * node's sockets as `market_status`. No answer is `down`; a regular session with no new print
 * for FEED_STALL_MS is `stalled`. Both show within 10 s of happening.
 */
export function trackMarketStatus(
  source: Pick<EngineSource, 'query' | 'status'>,
  market: MarketSource,
  deps: { clock: Clock; log: Log; io: Server | null },
): MarketStatusTracker {
  const { clock, io } = deps;
  // The status the engine gave when it started, if this node knows it: /api/config is right at once.
  const known = source.status;
  let last: Sample | null = known ? { at: known.clock, wall: clock.now(), trades: known.trades } : null;
  let previous: Sample | null = null;
  let printedAt = clock.now();
  let answered = known !== null;

  // Replay at `max` says no rate: two samples do.
  const rate = () => {
    if (market.rate !== null) return market.rate;
    if (!last || !previous || last.wall <= previous.wall) return 1;
    return Math.max(0, (last.at - previous.at) / (last.wall - previous.wall));
  };

  const current = (): MarketStatus => {
    if (!last) return { feed: market.label, health: 'down', clock: null };
    const now = clock.now();
    const r = rate();
    const at = last.at + Math.max(0, now - last.wall) * r;
    const stalled = phaseAt(at) === 'regular' && now - printedAt >= FEED_STALL_MS;
    return {
      feed: market.label,
      health: !answered ? 'down' : stalled ? 'stalled' : 'live',
      clock: { at, rate: r },
    };
  };

  const sample = async () => {
    try {
      const status = JSON.parse(
        await source.query({ kind: 'status' }, MARKET_STATUS_EVERY_MS),
      ) as EngineStatus;
      const wall = clock.now();
      if (!last || status.trades !== last.trades) printedAt = wall;
      previous = last;
      last = { at: status.clock, wall, trades: status.trades };
      answered = true;
    } catch {
      answered = false;
    }
    io?.local.emit(MARKET_STATUS_EVENT, { v: PROTOCOL_VERSION, ...current() } satisfies MarketStatusFrame);
  };

  const scope = clock.scope();
  const first = sample();
  scope.setInterval(() => void sample(), MARKET_STATUS_EVERY_MS);
  first.catch((error: Error) => deps.log.warn({ err: error }, 'market status not read'));
  return { current, stop: () => scope.dispose() };
}
