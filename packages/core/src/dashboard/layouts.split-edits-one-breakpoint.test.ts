import { describe, expect, it } from 'vitest';
import type { BREAKPOINT_IDS } from './grid.ts';
import { type Layout, layoutsSchema } from './layoutSchema.ts';
import {
  activeLayout,
  defaultLayouts,
  mergeStreams,
  parseLayouts,
  splitStreams,
  toggleWidget,
} from './layouts.ts';

const dynamic = () => activeLayout(defaultLayouts());

function overlap(a: { x: number; y: number; w: number; h: number }, b: typeof a): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function shownCells(layout: Layout, bp: (typeof BREAKPOINT_IDS)[number]) {
  return Object.entries(layout.layout[bp])
    .filter(([id]) => layout.menu[id as keyof Layout['menu']])
    .map(([, c]) => c);
}

describe('split and merge edit only the breakpoint on screen', () => {
  it('a desktop merge then split leaves the phone stream full width, with stream2 below it', () => {
    // The desktop streams stack in the left column (issue 27 item 11): merge grows stream1 over it.
    const merged = mergeStreams(dynamic(), 'xxl');
    expect(merged.layout.xxl.stream1).toMatchObject({ x: 0, y: 0, w: 3, h: 30 });
    expect(merged.layout.xs.stream1).toEqual(dynamic().layout.xs.stream1);
    const split = splitStreams(merged, 'xxl');
    expect([split.layout.xxl.stream1?.h, split.layout.xxl.stream2?.y, split.layout.xxl.stream2?.x]).toEqual([
      15, 15, 0,
    ]);
    expect(split.layout.xs.stream1).toEqual({ x: 0, y: 0, w: 12, h: 11, minW: 2, minH: 8 });
    expect(split.layout.sm.stream1?.w).toBe(12);
    const phoneStream2 = split.layout.xs.stream2;
    expect(phoneStream2?.w).toBe(12);
    for (const cell of shownCells(split, 'xs'))
      if (cell !== phoneStream2 && phoneStream2) expect(overlap(cell, phoneStream2)).toBe(false);
  });

  it('merging at 1920 leaves 1200–1399 with both streams stacked for the next split there', () => {
    const merged = mergeStreams(dynamic(), 'xxl');
    expect(merged.layout.xl.stream1?.h).toBe(13);
    const split = splitStreams(merged, 'xl');
    expect([split.layout.xl.stream1, split.layout.xl.stream2].map((c) => [c?.y, c?.h])).toEqual([
      [0, 13],
      [13, 12],
    ]);
    // xxl's stream1 is 30 high now: stream2's old cell below it is taken, so it finds free space.
    for (const cell of shownCells(split, 'xxl')) {
      const second = split.layout.xxl.stream2;
      if (cell !== second && second) expect(overlap(cell, second)).toBe(false);
    }
  });

  it('a phone split halves the phone stream only', () => {
    const merged = mergeStreams(dynamic(), 'xxl');
    const split = splitStreams(merged, 'xs');
    expect([split.layout.xs.stream1?.w, split.layout.xs.stream2?.x, split.layout.xs.stream2?.w]).toEqual([
      6, 6, 6,
    ]);
    expect(split.layout.xxl.stream1?.h).toBe(30);
  });
});

describe('STREAM off and on', () => {
  it('a split layout gets both streams back', () => {
    let layout = toggleWidget(dynamic(), 'STREAM');
    expect([layout.menu.stream1, layout.menu.stream2, layout.streamSplit]).toEqual([false, false, true]);
    layout = toggleWidget(layout, 'STREAM');
    expect([layout.menu.stream1, layout.menu.stream2]).toEqual([true, true]);
  });

  it('a merged layout gets one stream back', () => {
    let layout = mergeStreams(dynamic(), 'xxl');
    expect(layout.streamSplit).toBe(false);
    layout = toggleWidget(toggleWidget(layout, 'STREAM'), 'STREAM');
    expect([layout.menu.stream1, layout.menu.stream2]).toEqual([true, false]);
  });

  it('a layout saved before streamSplit existed parses as unsplit, and its shown stream2 still counts', () => {
    const old = defaultLayouts().map(({ streamSplit: _, ...rest }) => rest);
    const parsed = parseLayouts(JSON.stringify(old));
    expect(parsed?.map((l) => l.streamSplit)).toEqual([false, false, false]);
    const dyn = parsed ? activeLayout(parsed) : dynamic();
    const back = toggleWidget(toggleWidget(dyn, 'STREAM'), 'STREAM');
    expect(back.menu.stream2).toBe(true);
    expect(layoutsSchema.safeParse(old).success).toBe(true);
  });
});
