import { defaultLayouts, mergeStreams } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { changedCells, shownWidgets, toGridLayouts } from './gridItems.ts';

const dynamic = () => {
  const layout = defaultLayouts()[2];
  if (!layout) throw new Error('no dynamic layout');
  return layout;
};

describe('the active layout on the grid', () => {
  it('a merged layout puts one stream on every breakpoint, items static only when locked', () => {
    const merged = mergeStreams(dynamic(), 'xxl');
    const items = toGridLayouts(merged);
    expect(items.xxl.map((i) => i.i)).not.toContain('stream2');
    expect(items.xs.every((i) => i.static === false)).toBe(true);
    expect(toGridLayouts({ ...merged, locked: true }).md.every((i) => i.static === true)).toBe(true);
    expect(shownWidgets(merged)).toHaveLength(8);
  });

  it('the grid echoing the same cells changes nothing; a drag changes that breakpoint', () => {
    const layout = dynamic();
    const items = toGridLayouts(layout).xl;
    expect(changedCells(layout, 'xl', items)).toBeNull();
    const moved = items.map((i) => (i.i === 'alerts' ? { ...i, y: 40 } : i));
    expect(changedCells(layout, 'xl', moved)?.alerts?.y).toBe(40);
  });
});
