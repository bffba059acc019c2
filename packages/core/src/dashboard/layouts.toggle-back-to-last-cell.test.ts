import { describe, expect, it } from 'vitest';
import { BREAKPOINT_IDS } from './grid.ts';
import type { Cell, Layout } from './layoutSchema.ts';
import { activeLayout, applyGridChange, defaultLayouts, toggleWidget } from './layouts.ts';
import { WIDGET_IDS, WIDGET_TOGGLES } from './widgets.ts';

const dynamic = () => activeLayout(defaultLayouts());
const overlap = (a: Cell, b: Cell) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

function noOverlaps(layout: Layout) {
  for (const bp of BREAKPOINT_IDS) {
    const shown = WIDGET_IDS.filter((id) => layout.menu[id]).map((id) => layout.layout[bp][id] as Cell);
    for (let i = 0; i < shown.length; i++)
      for (let j = i + 1; j < shown.length; j++)
        expect(overlap(shown[i] as Cell, shown[j] as Cell), `${bp}: ${i} and ${j}`).toBe(false);
  }
}

describe('a widget toggled off and on returns to its last cell', () => {
  it('METERS comes back where it was, and what the grid moved up into its place moves down again', () => {
    let layout = dynamic();
    const before = layout.layout.xxl.meters as Cell;
    layout = toggleWidget(layout, 'METERS');
    // The grid compacts upward: every widget under Meters' column takes its place.
    const below = WIDGET_IDS.filter((id) => {
      const c = layout.layout.xxl[id];
      return (
        id !== 'meters' &&
        c &&
        c.y >= before.y + before.h &&
        c.x < before.x + before.w &&
        before.x < c.x + c.w
      );
    });
    const compacted = Object.fromEntries(
      below.map((id) => {
        const c = layout.layout.xxl[id] as Cell;
        return [id, { ...c, y: c.y - before.h }];
      }),
    );
    layout = applyGridChange(layout, 'xxl', compacted);
    layout = toggleWidget(layout, 'METERS');
    expect(layout.layout.xxl.meters).toEqual(before);
    for (const id of below) expect(layout.layout.xxl[id]).toEqual(dynamic().layout.xxl[id]);
    noOverlaps(layout);
  });

  it('every toggle off and on gives back the default grid in every breakpoint', () => {
    for (const toggle of WIDGET_TOGGLES) {
      const layout = toggleWidget(toggleWidget(dynamic(), toggle), toggle);
      expect(layout.layout, toggle).toEqual(dynamic().layout);
    }
  });
});
