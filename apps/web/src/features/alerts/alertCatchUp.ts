import type { FiredAlert } from '@tapeline/core';

/**
 * A caught-up alert older than this is listed but not spoken or toasted: a stale voice is worse
 * than none (docs/continuity.md §2).
 */
export const CAUGHT_UP_SPEAK_MAX_AGE_MS = 30_000;

/** How an alert reached the tab: live, or in the catch-up after a reconnect. */
export interface AlertArrival {
  caughtUp: boolean;
  /**
   * Caught up and older than CAUGHT_UP_SPEAK_MAX_AGE_MS at `now`, or fired before the tab
   * listened at all (a first resume asks from id 0): list it only.
   */
  stale: boolean;
}

export const LIVE_ARRIVAL: AlertArrival = { caughtUp: false, stale: false };

/** A caught-up alert's arrival as of `now` (ms), for a tab listening since `listeningSince`. */
export function caughtUpArrival(alert: FiredAlert, now: number, listeningSince = 0): AlertArrival {
  return {
    caughtUp: true,
    stale: now - alert.time > CAUGHT_UP_SPEAK_MAX_AGE_MS || alert.time < listeningSince,
  };
}
