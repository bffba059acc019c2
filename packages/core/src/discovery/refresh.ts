// Discovery paging and refresh constants and the manual refresh throttle (discovery spec §4, §9).

/** Rows shown at first (§3 "Discovery index: 50 initially"). */
export const DISCOVERY_INDEX_START = 50;
/** Rows added when the table is scrolled to 100 %. */
export const DISCOVERY_INDEX_STEP = 25;
/** Automatic refresh period. */
export const DISCOVERY_REFRESH_MS = 30_000;
/** How long the refreshing state shows. */
export const DISCOVERY_REFRESHING_MS = 2_000;
/** Row height in the table (px). */
export const DISCOVERY_ROW_HEIGHT = 65;
/**
 * Row densities (issue 27 item 11): the spec's 65 px rows by default; `compact`, a trader's
 * opt-in beyond the spec, fits ≥ 15 rows in the default layout's Discovery tile at 1440 × 900.
 */
export const DISCOVERY_DENSITIES = ['standard', 'compact'] as const;
export type DiscoveryDensity = (typeof DISCOVERY_DENSITIES)[number];
export const DISCOVERY_COMPACT_ROW_HEIGHT = 22;
export const discoveryRowHeight = (density: DiscoveryDensity | undefined): number =>
  density === 'compact' ? DISCOVERY_COMPACT_ROW_HEIGHT : DISCOVERY_ROW_HEIGHT;
/** Manual refreshes allowed per window: fewer than 4 in the last 60 s. */
export const MANUAL_REFRESH_MAX = 4;
export const MANUAL_REFRESH_WINDOW_MS = 60_000;
/** The CSV holds at most this many rows unless the subscriber may export everything. */
export const DISCOVERY_CSV_MAX_ROWS = 1000;
export const DISCOVERY_DEFAULT_TIMEFRAME = '1day';
/** Manual refreshes still inside the window at `now` (ms). */
function recent(history: readonly number[], now: number): number[] {
  return history.filter((t) => now - t < MANUAL_REFRESH_WINDOW_MS && t <= now);
}

/** Whether a manual refresh may run now: fewer than 4 happened in the last 60 s. */
export function manualRefreshAllowed(history: readonly number[], now: number): boolean {
  return recent(history, now).length < MANUAL_REFRESH_MAX;
}

/** The history after a manual refresh at `now`, old entries dropped (keeps it small). */
export function recordManualRefresh(history: readonly number[], now: number): number[] {
  return [...recent(history, now), now];
}
