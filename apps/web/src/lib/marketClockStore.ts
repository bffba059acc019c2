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
  /** The browser's clock when the socket last said anything of the market (a batch or `market_status`); 0: never. */
  heardAt: number;
}

export const marketClockStore = createStore<MarketClockState>(() => ({
  anchor: null,
  feed: null,
  health: null,
  tapeAge: null,
  tapeSeenAt: 0,
  heardAt: 0,
}));

/** The market's time at the browser's `localNow` (the browser's own time until the server says). */
export function marketTime(anchor: Anchor | null, localNow: number): number {
  return anchor ? marketTimeAt(anchor, localNow - anchor.localAt) : localNow;
}

/** The market's time now. */
export const marketNow = (localNow = Date.now()) => marketTime(marketClockStore.getState().anchor, localNow);

/**
 * How far the batch's newest print was behind the market clock when the server published it
 * (`ts` is the engine's clock at the drain); null when no entry says its time.
 */
export function batchAge(batch: Pick<StreamBatchView, 'ts' | 'highs' | 'lows' | 'halts'>): number | null {
  let newest = Number.NEGATIVE_INFINITY;
  for (const list of [batch.highs, batch.lows]) {
    for (const entry of list) if (entry.eventTs !== null && entry.eventTs > newest) newest = entry.eventTs;
  }
  return Number.isFinite(newest) ? Math.max(0, batch.ts - newest) : null;
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

/**
 * The server sends `market_status` every MARKET_STATUS_EVERY_MS (2 s) whatever the tape does, so
 * a socket silent for more than two of them is late, not quiet: a busy server or network holds
 * the stream back. 5 s: one late frame is jitter, two are a delay a trader should be told of.
 */
export const STREAM_SILENT_MS = 5_000;

/** "stream delayed N s": whole seconds since the socket last spoke, once over STREAM_SILENT_MS; else null. */
export function streamDelaySeconds(heardAt: number, localNow: number): number | null {
  if (heardAt === 0) return null;
  const silent = localNow - heardAt;
  return silent > STREAM_SILENT_MS ? Math.floor(silent / 1000) : null;
}

export const marketClock = {
  /** The socket spoke of the market (`market_status`): the stream is not held back. */
  heard(localNow = Date.now()) {
    marketClockStore.setState({ heardAt: localNow });
  },
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
      heardAt: localNow,
    });
  },
  reset() {
    marketClockStore.setState({
      anchor: null,
      feed: null,
      health: null,
      tapeAge: null,
      tapeSeenAt: 0,
      heardAt: 0,
    });
  },
};
