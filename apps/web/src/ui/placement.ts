export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Size {
  width: number;
  height: number;
}

const GAP = 4;
const MARGIN = 8;

/** A zero-size rectangle at a pointer position (a right-click opens the menu where it happened). */
export function pointRect(x: number, y: number): Rect {
  return { left: x, top: y, right: x, bottom: y };
}

/**
 * Where a popup goes: below its anchor, left-aligned; above it when there is no room below;
 * always inside the viewport with a small margin (pinned to the top-left if it is too large).
 */
export function placeWithin(anchor: Rect, size: Size, viewport: Size): { left: number; top: number } {
  const maxLeft = viewport.width - MARGIN - size.width;
  const left = Math.max(MARGIN, Math.min(anchor.left, maxLeft));
  const below = anchor.bottom + GAP;
  const above = anchor.top - GAP - size.height;
  let top = below;
  if (below + size.height > viewport.height - MARGIN) {
    top = above >= MARGIN ? above : viewport.height - MARGIN - size.height;
  }
  return { left, top: Math.max(MARGIN, top) };
}
