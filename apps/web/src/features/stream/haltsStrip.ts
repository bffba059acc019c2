import { HALTS_STRIP_DEFAULT, type HaltsStrip, type StreamEntry } from '@tapeline/core';

/** Chips the halts strip shows at most: the newest. */
export const HALTS_STRIP_MAX = 20;

/**
 * The halts the strip shows at market time `now` (the server's clock, never the browser's):
 * newest first, those older than `minutes` left out (0 leaves all out), and with `maxLength`
 * set, symbols longer than it. A halt without an event time cannot be aged: it shows while
 * any are shown.
 */
export function visibleHalts(
  halts: readonly StreamEntry[],
  filter: HaltsStrip = HALTS_STRIP_DEFAULT,
  now: number,
  max = HALTS_STRIP_MAX,
): StreamEntry[] {
  if (filter.minutes === 0) return [];
  const since = now - filter.minutes * 60_000;
  const shown = halts.filter(
    (h) =>
      (h.eventTs === null || h.eventTs >= since) &&
      (filter.maxLength === 0 || h.symbol.length <= filter.maxLength),
  );
  shown.sort((a, b) => (b.eventTs ?? Number.POSITIVE_INFINITY) - (a.eventTs ?? Number.POSITIVE_INFINITY));
  return shown.slice(0, max);
}
