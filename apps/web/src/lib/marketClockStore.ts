import {
  DATA_AGE_BADGE_MS,
  type FeedHealth,
  type FeedLabel,
  type MarketClockAnchor,
  type MarketStatus,
  marketTimeAt,
  type StreamBatchView,
} from '@tapeline/core';
import { createStore } from 'zustand/vanilla';

// The market's clock as the server tells it (issue 23 §5): /api/config at start, `market_status`
// every 2 s on the tab's socket, and each stream batch's drain time (the tab's socket hands them
// here). What reads it is in marketClock.ts.

export interface Anchor extends MarketClockAnchor {
  /** The browser's clock (ms) when the anchor arrived: only differences of it are read. */
  localAt: number;
}

export interface MarketClockState {
  anchor: Anchor | null;
  feed: FeedLabel | null;
  health: FeedHealth | null;
  /** How far (ms) the newest batch's prints were behind the market clock when it was published. */
  tapeAge: number | null;
  /** The browser's clock when that batch arrived. */
  tapeSeenAt: number;
}

export const marketClockStore = createStore<MarketClockState>(() => ({
  anchor: null,
  feed: null,
  health: null,
  tapeAge: null,
  tapeSeenAt: 0,
}));

/** The market's time at the browser's `localNow` (the browser's own time until the server says). */
export function marketTime(anchor: Anchor | null, localNow: number): number {
  return anchor ? marketTimeAt(anchor, localNow - anchor.localAt) : localNow;
}

/** The market's time now. */
export const marketNow = (localNow = Date.now()) => marketTime(marketClockStore.getState().anchor, localNow);

/**
 * How far the batch's newest print was behind the market clock when the server published it:
 * the least `publishedTs − eventTs` of its entries (an engine before protocol 6 sends no
 * publishedTs: the batch's `ts`, the engine's clock at the drain, stands for it); null when no
 * entry says its time.
 */
export function batchAge(batch: Pick<StreamBatchView, 'ts' | 'highs' | 'lows' | 'halts'>): number | null {
  let age = Number.POSITIVE_INFINITY;
  for (const list of [batch.highs, batch.lows]) {
    for (const entry of list) {
      if (entry.eventTs === null) continue;
      age = Math.min(age, (entry.publishedTs ?? batch.ts) - entry.eventTs);
    }
  }
  return Number.isFinite(age) ? Math.max(0, age) : null;
}

/** How long a batch's age stands for the tape's: a quiet tape is the health's to say, not the badge's. */
const TAPE_AGE_FRESH_MS = 10_000;

/** The data-age badge's figure: the tape's lag in ms when above DATA_AGE_BADGE_MS, else null. */
export function shownAge(
  state: Pick<MarketClockState, 'tapeAge' | 'tapeSeenAt'>,
  localNow: number,
): number | null {
  if (state.tapeAge === null || localNow - state.tapeSeenAt > TAPE_AGE_FRESH_MS) return null;
  return state.tapeAge > DATA_AGE_BADGE_MS ? state.tapeAge : null;
}

export const marketClock = {
  /** The server's word: /api/config's `market` or a `market_status` frame, arrived at `localNow`. */
  status(status: MarketStatus, localNow = Date.now()) {
    marketClockStore.setState({
      feed: status.feed,
      health: status.health,
      ...(status.clock ? { anchor: { ...status.clock, localAt: localNow } } : {}),
    });
  },
  /** A live batch: its drain time re-anchors the clock (at the rate the server said) and gives the tape's age. */
  batch(batch: StreamBatchView, localNow = Date.now()) {
    const { anchor } = marketClockStore.getState();
    marketClockStore.setState({
      anchor:
        anchor && batch.ts > marketTime(anchor, localNow)
          ? { ...anchor, at: batch.ts, localAt: localNow }
          : anchor,
      tapeAge: batchAge(batch),
      tapeSeenAt: localNow,
    });
  },
  reset() {
    marketClockStore.setState({ anchor: null, feed: null, health: null, tapeAge: null, tapeSeenAt: 0 });
  },
};
