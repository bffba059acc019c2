import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  applyDiscoveryPatch,
  DISCOVERY_REFRESH_MS,
  DISCOVERY_REFRESHING_MS,
  discoveryMessages,
  manualRefreshAllowed,
  recordManualRefresh,
  type ServedDiscoveryRow,
  type TimeframeId,
} from '@tapeline/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { dataHost } from '../../lib/dataHost.ts';
import { useDiscoveryLive } from './live/discoveryLive.ts';

export const discoveryKey = (tf: TimeframeId) => ['discovery', tf] as const;

/** GET /data/discovery?tf=: every row, the locked columns of the trader's plan left out by the host. */
export function fetchDiscovery(tf: TimeframeId): Promise<ServedDiscoveryRow[]> {
  return dataHost.rows(`/data/discovery?tf=${encodeURIComponent(tf)}`, 'discovery');
}

export interface DiscoveryData {
  /** The last rows received for this timeframe (kept when a later fetch fails). */
  rows: readonly ServedDiscoveryRow[];
  /** True until the first answer (rows or failure). */
  loading: boolean;
  /** The last fetch failed, its retries too: 'Data unavailable.', shown while the old rows stay. */
  error: string | null;
  /** Whole seconds until the next automatic refresh. */
  countdown: number;
  /** The 2-second refreshing state after a refresh starts. */
  refreshing: boolean;
  /** Whether a manual refresh may start now (fewer than 4 in the last 60 s). */
  canRefresh: boolean;
  refresh(): void;
}

/** A clock read once a second: the countdown moves with it. */
function useSecondClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  return now;
}

/**
 * The Discovery rows of a timeframe through TanStack Query: refreshed 30 s after the last refresh
 * started (the countdown shows that very schedule), manually at
 * most 4 times a minute, the old rows kept (and the error shown) when a fetch fails (spec §4).
 */
export function useDiscoveryData(tf: TimeframeId, live = false, onLiveEnded?: () => void): DiscoveryData {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: discoveryKey(tf),
    queryFn: () => fetchDiscovery(tf),
    // The 30 s refresh is this hook's own timer (below), so the countdown shown is the refresh.
    staleTime: DISCOVERY_REFRESH_MS / 2,
    // A new timeframe shows the old rows until its own arrive, rather than an empty table.
    placeholderData: (previous) => previous,
    // applyDiscoveryPatch already keeps unchanged rows as they were; a deep compare of 10,000
    // rows on every patch would cost ~35 ms of the frame (bench/discoveryScroll).
    structuralSharing: false,
  });
  useDiscoveryLive(
    tf,
    live,
    (patch) => {
      // Changed rows alone are not a table: before the first fetch only a full patch is taken.
      client.setQueryData<ServedDiscoveryRow[]>(discoveryKey(tf), (old) =>
        old || patch.full ? applyDiscoveryPatch(old ?? [], patch) : old,
      );
    },
    onLiveEnded,
  );
  const now = useSecondClock();
  const manual = useRef<number[]>([]);
  const [refreshingSince, setRefreshingSince] = useState<number | null>(null);

  // The refreshing state lasts 2 s from a refresh's start (automatic or manual), then clears.
  // The first load shows the spinner instead; a refresh of rows on screen shows this state.
  const refetching = query.isFetching && !query.isPending;
  useEffect(() => {
    if (refetching) setRefreshingSince(Date.now());
  }, [refetching]);
  useEffect(() => {
    if (refreshingSince === null) return;
    const timer = setTimeout(() => setRefreshingSince(null), DISCOVERY_REFRESHING_MS);
    return () => clearTimeout(timer);
  }, [refreshingSince]);

  // One schedule for the countdown and the refresh (issue 27): the next refresh is due 30 s
  // after the last one started, automatic or manual, so the countdown never waits at 0 s for a
  // slow answer, never runs longer than 30 s, and a manual refresh starts it again. Live mode
  // patches the rows every second instead (issue 13 §9). A hidden tab waits for the next turn.
  const fetching = query.isFetching;
  const [due, setDue] = useState(() => Date.now() + DISCOVERY_REFRESH_MS);
  useEffect(() => {
    if (fetching) setDue(Date.now() + DISCOVERY_REFRESH_MS);
  }, [fetching]);
  useEffect(() => {
    if (live || fetching) return;
    const timer = setTimeout(
      () => {
        setDue(Date.now() + DISCOVERY_REFRESH_MS);
        if (document.visibilityState !== 'hidden') {
          void client.refetchQueries({ queryKey: discoveryKey(tf), exact: true });
        }
      },
      Math.max(0, due - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [client, tf, live, fetching, due]);
  const countdown = Math.min(
    DISCOVERY_REFRESH_MS / 1000,
    Math.max(0, Math.ceil((due - Math.max(now, Date.now())) / 1000)),
  );
  const canRefresh = manualRefreshAllowed(manual.current, now);

  const refresh = useCallback(() => {
    const at = Date.now();
    if (!manualRefreshAllowed(manual.current, at)) return;
    manual.current = recordManualRefresh(manual.current, at);
    setRefreshingSince(at);
    setDue(at + DISCOVERY_REFRESH_MS);
    void client.refetchQueries({ queryKey: discoveryKey(tf), exact: true });
  }, [client, tf]);

  const rows = query.data ?? EMPTY;
  return {
    rows,
    loading: query.isPending,
    // The trader's words, never the transport's ("API 503 …"): the rows shown are the last good ones.
    error: query.isError ? discoveryMessages.dataUnavailable : null,
    countdown,
    refreshing: refreshingSince !== null,
    canRefresh,
    refresh,
  };
}

const EMPTY: readonly ServedDiscoveryRow[] = [];
