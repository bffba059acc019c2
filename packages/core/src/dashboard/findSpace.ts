import { GRID_COLUMNS } from './grid.ts';
import type { Cell } from './layoutSchema.ts';

function overlaps(a: Cell, x: number, y: number, w: number, h: number): boolean {
  return a.x < x + w && x < a.x + a.w && a.y < y + h && y < a.y + a.h;
}

/**
 * Where a w × h widget fits among the placed cells: the topmost, then leftmost free spot;
 * below everything when nothing fits (Grafana's findSpaceForNewPanel, on our 12 columns).
 */
export function findSpace(
  placed: readonly Cell[],
  w: number,
  h: number,
  cols = GRID_COLUMNS,
): { x: number; y: number } {
  const width = Math.min(w, cols);
  const bottom = placed.reduce((max, c) => Math.max(max, c.y + c.h), 0);
  for (let y = 0; y < bottom; y++) {
    for (let x = 0; x + width <= cols; x++) {
      if (!placed.some((c) => overlaps(c, x, y, width, h))) return { x, y };
    }
  }
  return { x: 0, y: bottom };
}
