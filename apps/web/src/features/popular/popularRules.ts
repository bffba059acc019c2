import { POPULAR_MAX } from '@tapeline/core';

/** Spec §2: the most popular symbol is 32 px, the 100th about 12 px. */
export const POPULAR_FONT_MAX_PX = 32;
export const POPULAR_FONT_MIN_PX = 12;
/** Spec §9: a symbol that comes up in a live update blinks for 5 s. */
export const POPULAR_BLINK_MS = 5000;

/** Font size in px for a 1-based rank: linear from 32 (rank 1) to 12 (rank 100), whole pixels. */
export function fontSizeForRank(rank: number): number {
  const clamped = Math.min(POPULAR_MAX, Math.max(1, Math.floor(rank)));
  const fraction = (clamped - 1) / (POPULAR_MAX - 1);
  return Math.round(POPULAR_FONT_MAX_PX - fraction * (POPULAR_FONT_MAX_PX - POPULAR_FONT_MIN_PX));
}

/**
 * Symbols that came up between two fetches of the list: new to it, or ranked higher than
 * before. The first fetch has nothing to compare with, so nothing blinks on opening the widget.
 */
export function risingSymbols(previous: readonly string[] | null, next: readonly string[]): string[] {
  if (previous === null) return [];
  const before = new Map(previous.map((symbol, rank) => [symbol, rank]));
  return next.filter((symbol, rank) => {
    const was = before.get(symbol);
    return was === undefined || rank < was;
  });
}
