import { describe, expect, it } from 'vitest';
import { meterTileCount } from './meterMode.ts';

describe('meterTileCount', () => {
  it('uses 13 tiles on a wide widget on a desktop screen', () => {
    expect(meterTileCount(460, 1440)).toBe(13);
    expect(meterTileCount(320, 768)).toBe(13);
  });

  it('switches to 5 tiles at a viewport of 767 px or less, whatever the widget', () => {
    expect(meterTileCount(760, 767)).toBe(5);
    expect(meterTileCount(370, 390)).toBe(5);
  });

  it('switches to 5 tiles when the widget itself is narrow', () => {
    expect(meterTileCount(319, 1440)).toBe(5);
    expect(meterTileCount(200, 1920)).toBe(5);
  });

  it('assumes wide before the widget is measured', () => {
    expect(meterTileCount(0, 1440)).toBe(13);
  });
});
