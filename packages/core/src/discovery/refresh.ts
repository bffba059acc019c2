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
/** Manual refreshes allowed per window: fewer than 4 in the last 60 s. */
export const MANUAL_REFRESH_MAX = 4;
export const MANUAL_REFRESH_WINDOW_MS = 60_000;
/** The CSV holds at most this many rows unless the subscriber may export everything. */
export const DISCOVERY_CSV_MAX_ROWS = 1000;
export const DISCOVERY_DEFAULT_TIMEFRAME = '1day';
/** Symbol searches of at most this many characters count toward popularity… */
export const SEARCH_STAT_MAX_LENGTH = 6;
/** …after this pause… */
export const SEARCH_STAT_DELAY_MS = 2_000;
/** …at most once per this period per symbol. */
export const SEARCH_STAT_PERIOD_MS = 60 * 60_000;

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

/** Whether a symbol search counts toward popularity at `now` (§4 symbol search statistics). */
export function searchCountsAt(query: string, lastCounted: number | undefined, now: number): boolean {
  const q = query.trim();
  if (q.length === 0 || q.length > SEARCH_STAT_MAX_LENGTH) return false;
  return lastCounted === undefined || now - lastCounted >= SEARCH_STAT_PERIOD_MS;
}
