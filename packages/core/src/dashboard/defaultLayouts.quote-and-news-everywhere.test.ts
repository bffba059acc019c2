import { describe, expect, it } from 'vitest';
import { defaultCells } from './defaultCells.ts';
import { BREAKPOINT_IDS } from './grid.ts';
import { defaultLayouts } from './layouts.ts';

// Issue 12 builds the Quote and News widgets into cells the default layouts already hold; this
// keeps them there: every layout, every breakpoint, both stream variants, shown and on the grid.

describe('Quote and News in the default layouts', () => {
  it('every default layout shows Quote and News with a cell at every breakpoint', () => {
    for (const layout of defaultLayouts()) {
      expect(layout.menu.quote, layout.label).toBe(true);
      expect(layout.menu.news, layout.label).toBe(true);
      for (const bp of BREAKPOINT_IDS) {
        for (const id of ['quote', 'news'] as const) {
          const cell = layout.layout[bp]?.[id];
          expect(cell, `${layout.label}/${bp}/${id}`).toBeDefined();
          expect(cell?.w).toBeGreaterThan(0);
          expect(cell?.h).toBeGreaterThan(0);
        }
      }
    }
  });

  it('the one-stream and two-stream cells of every breakpoint both place Quote and News', () => {
    for (const bp of BREAKPOINT_IDS)
      for (const streams of [1, 2] as const) {
        const cells = defaultCells(bp, streams);
        expect(cells.quote, `${bp}/${streams}`).toBeDefined();
        expect(cells.news, `${bp}/${streams}`).toBeDefined();
      }
  });
});
