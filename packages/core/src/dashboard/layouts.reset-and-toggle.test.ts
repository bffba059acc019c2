import { describe, expect, it } from 'vitest';
import { defaultCells } from './defaultCells.ts';
import { findSpace } from './findSpace.ts';
import { BREAKPOINT_IDS, breakpointFor } from './grid.ts';
import { layoutsSchema } from './layoutSchema.ts';
import {
  activate,
  activeLayout,
  applyGridChange,
  defaultLayouts,
  LockedLayoutError,
  mergeStreams,
  parseLayouts,
  resetLayout,
  resetStreamChannels,
  setLocked,
  splitStreams,
  toggleMaximized,
  toggleWidget,
} from './layouts.ts';
import { WIDGET_IDS } from './widgets.ts';

const dynamic = () => activeLayout(defaultLayouts());

describe('default layouts', () => {
  it('Primary and Optional are locked, Dynamic unlocked and the only active one, each with a 400×600 chat pop-out', () => {
    const layouts = defaultLayouts();
    expect(layouts.map((l) => [l.label, l.locked, l.active])).toEqual([
      ['Primary', true, false],
      ['Optional', true, false],
      ['Dynamic', false, true],
    ]);
    for (const l of layouts)
      expect(l.popout).toEqual([
        expect.objectContaining({ widget: 'chat', screen: expect.objectContaining({ w: 400, h: 600 }) }),
      ]);
    expect(layoutsSchema.safeParse(layouts).success).toBe(true);
  });

  it('every breakpoint in both variants places every widget inside 12 columns without overlap', () => {
    for (const bp of BREAKPOINT_IDS) {
      for (const streams of [1, 2] as const) {
        const cells = defaultCells(bp, streams);
        const shown = WIDGET_IDS.filter((id) => streams === 2 || id !== 'stream2').map((id) => cells[id]);
        for (const c of shown) {
          expect(c).toBeDefined();
          if (!c) continue;
          expect(c.x + c.w).toBeLessThanOrEqual(12);
          expect(c.w).toBeGreaterThanOrEqual(c.minW);
          expect(c.h).toBeGreaterThanOrEqual(c.minH);
        }
        for (let i = 0; i < shown.length; i++)
          for (let j = i + 1; j < shown.length; j++) {
            const a = shown[i];
            const b = shown[j];
            if (!a || !b) continue;
            const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
            expect(overlap, `${bp}/${streams}: ${i} and ${j}`).toBe(false);
          }
      }
    }
  });

  it('breakpoints follow the spec bounds: ≥1400, 1200–1399, 992–1199, 768–991, 576–767, ≤575', () => {
    expect([1400, 1399, 1200, 1199, 992, 991, 768, 767, 576, 575, 320].map(breakpointFor)).toEqual([
      'xxl',
      'xl',
      'xl',
      'lg',
      'lg',
      'md',
      'md',
      'sm',
      'sm',
      'xs',
      'xs',
    ]);
  });
});

describe('lock, toggle and reset', () => {
  it('a locked layout refuses widget toggles', () => {
    const primary = defaultLayouts()[0];
    if (!primary) throw new Error('no layout');
    expect(() => toggleWidget(primary, 'POPULAR')).toThrow(LockedLayoutError);
  });

  it('hiding POPULAR then showing it again puts it in free space, not on top of another widget', () => {
    let layout = dynamic();
    layout = toggleWidget(layout, 'POPULAR');
    expect(layout.menu.popular).toBe(false);
    // Something else grows into the hole Popular left.
    const alerts = layout.layout.xxl.alerts;
    if (!alerts) throw new Error('no alerts cell');
    layout = applyGridChange(layout, 'xxl', { alerts: { ...alerts, y: 18, h: 30 } });
    layout = toggleWidget(layout, 'POPULAR');
    expect(layout.menu.popular).toBe(true);
    const popular = layout.layout.xxl.popular;
    const grown = layout.layout.xxl.alerts;
    if (!popular || !grown) throw new Error('missing cells');
    const overlap =
      popular.x < grown.x + grown.w &&
      grown.x < popular.x + popular.w &&
      popular.y < grown.y + grown.h &&
      grown.y < popular.y + popular.h;
    expect(overlap).toBe(false);
  });

  it('hiding the maximised widget closes the maximise', () => {
    let layout = toggleMaximized(dynamic(), 'alerts');
    expect(layout.maximized).toBe('alerts');
    layout = toggleWidget(layout, 'ALERTS');
    expect(layout.maximized).toBeNull();
  });

  it('maximise is one widget at a time and toggles back to the grid', () => {
    let layout = toggleMaximized(dynamic(), 'alerts');
    layout = toggleMaximized(layout, 'popular');
    expect(layout.maximized).toBe('popular');
    expect(toggleMaximized(layout, 'popular').maximized).toBeNull();
  });

  it('reset restores the default cells and pop-outs but keeps the lock and the active flag', () => {
    let layouts = activate(defaultLayouts(), 'primary');
    layouts = setLocked(layouts, 'primary', false);
    const primary = layouts[0];
    if (!primary) throw new Error('no layout');
    layouts[0] = {
      ...applyGridChange(primary, 'xxl', { stream1: { x: 5, y: 40, w: 2, h: 8, minW: 2, minH: 8 } }),
      popout: [],
    };
    const reset = resetLayout(layouts, 'primary')[0];
    expect(reset?.layout.xxl.stream1).toEqual(defaultLayouts()[0]?.layout.xxl.stream1);
    expect(reset?.popout).toHaveLength(1);
    expect([reset?.locked, reset?.active]).toEqual([false, true]);
  });

  it('activating a layout leaves exactly one active', () => {
    const layouts = activate(defaultLayouts(), 'optional');
    expect(layouts.filter((l) => l.active).map((l) => l.key)).toEqual(['optional']);
  });
});

describe('split and merge', () => {
  it('merge widens stream1 over stream2 beside it; split halves it again', () => {
    const merged = mergeStreams(dynamic(), 'md');
    expect(merged.menu.stream2).toBe(false);
    expect(merged.layout.md.stream1?.w).toBe(12);
    const split = splitStreams(merged, 'md');
    expect([split.layout.md.stream1?.w, split.layout.md.stream2?.x, split.layout.md.stream2?.w]).toEqual([
      6, 6, 6,
    ]);
    expect(split.streamSelectedChannel).toEqual({ stream1: 'main', stream2: 'alt' });
  });

  it('merge grows stream1 over stream2 stacked beneath it; split halves it again', () => {
    const merged = mergeStreams(dynamic(), 'xl');
    expect(merged.layout.xl.stream1).toMatchObject({ x: 0, y: 0, w: 3, h: 25 });
    const split = splitStreams(merged, 'xl');
    expect([split.layout.xl.stream1, split.layout.xl.stream2].map((c) => [c?.x, c?.y, c?.w, c?.h])).toEqual([
      [0, 0, 3, 13],
      [0, 13, 3, 12],
    ]);
  });

  it('a channel set to none sends every layout back to main and moves a maximised stream2 to stream1', () => {
    const layouts = defaultLayouts().map((l) => toggleMaximized(l, 'stream2'));
    const reset = resetStreamChannels(layouts);
    for (const l of reset) {
      expect(l.streamSelectedChannel).toEqual({ stream1: 'main', stream2: 'main' });
      expect(l.maximized).toBe('stream1');
    }
  });
});

describe('saved layouts', () => {
  it('parse back what was saved, and null for garbage, two active layouts or missing breakpoints', () => {
    const layouts = defaultLayouts();
    expect(parseLayouts(JSON.stringify(layouts))).toEqual(layouts);
    expect(parseLayouts('{not json')).toBeNull();
    expect(parseLayouts(null)).toBeNull();
    expect(parseLayouts(JSON.stringify(layouts.map((l) => ({ ...l, active: true }))))).toBeNull();
    const broken = layouts.map((l) => ({ ...l, layout: { xxl: l.layout.xxl } }));
    expect(parseLayouts(JSON.stringify(broken))).toBeNull();
  });
});

describe('findSpace', () => {
  it('takes the topmost, leftmost gap that fits, else goes below everything', () => {
    const placed = [
      { x: 0, y: 0, w: 6, h: 4, minW: 1, minH: 1 },
      { x: 8, y: 0, w: 4, h: 4, minW: 1, minH: 1 },
    ];
    expect(findSpace(placed, 2, 4)).toEqual({ x: 6, y: 0 });
    expect(findSpace(placed, 3, 4)).toEqual({ x: 0, y: 4 });
    expect(findSpace([{ x: 0, y: 0, w: 12, h: 5, minW: 1, minH: 1 }], 4, 3)).toEqual({ x: 0, y: 5 });
  });
});
