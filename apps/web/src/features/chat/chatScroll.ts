import { CHAT_AUTOSCROLL_PX } from '@tapeline/core';

/** What the list's scroll position is made of (an element's scroll metrics). */
export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** How far the view's bottom edge is above the list's end. */
export const distanceFromBottom = (m: ScrollMetrics): number =>
  Math.max(0, m.scrollHeight - m.scrollTop - m.clientHeight);

/**
 * A new message scrolls the list to the end only when the reader was within 120 px of it
 * (spec §4): someone reading history is not pulled away from it.
 */
export const shouldAutoScroll = (m: ScrollMetrics): boolean => distanceFromBottom(m) <= CHAT_AUTOSCROLL_PX;

/** Older messages are asked for when the reader comes within this of the top. */
export const LOAD_OLDER_PX = 80;

export const nearTop = (m: ScrollMetrics): boolean => m.scrollTop <= LOAD_OLDER_PX;

/**
 * Where to scroll after older messages were put above the ones on screen, so the reader stays
 * on the same message: the list grew by the new rows' height above the view.
 */
export const keepAnchor = (before: ScrollMetrics, heightAfter: number): number =>
  before.scrollTop + (heightAfter - before.scrollHeight);
