import {
  type FeedHealth,
  type FeedLabel,
  MARKET_STATUS_EVENT,
  marketStatusFrameSchema,
} from '@tapeline/core';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import {
  type Anchor,
  marketClock,
  marketTime,
  shownAge,
  marketClockStore as store,
  streamDelaySeconds,
} from './marketClockStore.ts';
import { listenSocket } from './tabSocket.ts';
import { useConfig } from './useConfig.ts';

// Every "closed / opens in", countdown, relative time and news time of the web reads the
// market's clock (issue 23 §5), never the browser's: the simulator's virtual session runs at
// 09:30 whatever the viewer's wall says. The store and its pure readers: marketClockStore.ts.

export { marketClock, marketNow } from './marketClockStore.ts';

/**
 * Keeps the store fed with the socket's `market_status` frames while mounted: the dashboard's and
 * a pop-out's bar (FeedBadge) mount it, so every widget beside them reads a fresh clock without a
 * listener of its own.
 */
export function useMarketStatusFeed(): void {
  useEffect(
    () =>
      listenSocket(MARKET_STATUS_EVENT, (payload) => {
        const frame = marketStatusFrameSchema.safeParse(payload);
        if (!frame.success) return;
        marketClock.status(frame.data);
        marketClock.heard();
      }),
    [],
  );
}

/**
 * The anchor to read now: the store's (fed by /api/config, `market_status` and each batch), or
 * the config's own while the store has none yet (no frame drawn on the browser's clock first),
 * and whether the market's time is known at all.
 */
function useAnchor(): { anchor: Anchor | null; known: boolean } {
  const config = useConfig();
  const market = config.data?.market ?? null;
  const arrived = config.dataUpdatedAt;
  useEffect(() => {
    // The answer's clock counts from when it arrived, not from when this effect ran.
    if (market) marketClock.status(market, arrived || Date.now());
  }, [market, arrived]);
  const stored = useStore(store, (s) => s.anchor);
  const fromConfig = market?.clock ? { ...market.clock, localAt: arrived } : null;
  const anchor = stored ?? fromConfig;
  // An older server (no `market`) leaves the browser's clock; one still loading, nothing yet.
  return { anchor, known: anchor !== null || (config.isFetched && !market?.clock) };
}

/**
 * The market's time, re-read every `periodMs` (1 s for a countdown, a minute for relative times),
 * the browser's at the same tick (for "a batch arrived lately"), and whether the market's time is
 * known (false while /api/config loads: say nothing about open or closed yet).
 */
export function useMarketNow(periodMs: number): { market: number; local: number; known: boolean } {
  const { anchor, known } = useAnchor();
  const [local, setLocal] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setLocal(Date.now()), periodMs);
    return () => clearInterval(tick);
  }, [periodMs]);
  return { market: marketTime(anchor, local), local, known };
}

/** The market's time on the minute: for relative row times and "today" without a render each second. */
export function useMarketMinute(): number {
  return useMarketNow(60_000).market;
}

/**
 * The feed's label and health, the tape's lag when the badge should show it, and how many
 * seconds the socket has been silent once that is a delay (`delayed`, else null).
 */
export function useFeedState(): {
  feed: FeedLabel | null;
  health: FeedHealth | null;
  age: number | null;
  delayed: number | null;
} {
  const { local } = useMarketNow(1000);
  const config = useConfig().data?.market ?? null;
  const feed = useStore(store, (s) => s.feed) ?? config?.feed ?? null;
  const health = useStore(store, (s) => s.health) ?? config?.health ?? null;
  // Every batch (4 a second at the open) moves the tape's age and when the socket spoke: read
  // what the badge shows of them, so the bar re-renders when that changes, not per batch.
  const age = useStore(store, (s) => shownAge(s, local));
  const delayed = useStore(store, (s) => streamDelaySeconds(s.heardAt, local));
  return { feed, health, age, delayed };
}
