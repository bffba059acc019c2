import { describe, expect, it } from 'vitest';
import { placeWithin, pointRect } from './placement.ts';

const viewport = { width: 390, height: 844 };
const menu = { width: 200, height: 160 };

describe('placeWithin', () => {
  it('opens below the anchor, left-aligned, when there is room', () => {
    expect(placeWithin({ left: 20, top: 100, right: 80, bottom: 120 }, menu, viewport)).toEqual({
      left: 20,
      top: 124,
    });
  });

  it('moves left to stay inside the right edge', () => {
    expect(placeWithin(pointRect(380, 300), menu, viewport)).toEqual({ left: 182, top: 304 });
  });

  it('opens above the anchor near the bottom edge', () => {
    expect(placeWithin({ left: 20, top: 780, right: 80, bottom: 800 }, menu, viewport)).toEqual({
      left: 20,
      top: 616,
    });
  });

  it('stays inside the viewport when there is room neither below nor above', () => {
    const tall = { width: 200, height: 700 };
    const place = placeWithin({ left: -50, top: 120, right: 0, bottom: 140 }, tall, viewport);
    expect(place).toEqual({ left: 8, top: 136 });
    expect(place.top + tall.height).toBeLessThanOrEqual(viewport.height - 8);
  });

  it('pins a popup larger than the viewport to the top-left margin', () => {
    expect(placeWithin(pointRect(100, 100), { width: 500, height: 900 }, viewport)).toEqual({
      left: 8,
      top: 8,
    });
  });
});
