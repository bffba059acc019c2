import { DASHBOARD_NARROW_PX, METER_TILES, METER_TILES_MOBILE } from '@tapeline/core';

/** The dashboard's narrow-screen cut-off (spec §2): at or below it every widget is in mobile mode. */
export const MOBILE_VIEWPORT_MAX_PX = DASHBOARD_NARROW_PX;
/** Below this the widget cannot fit a label, 13 legible tiles and the figures on one line. */
export const METERS_WIDE_MIN_PX = 320;

/** 13 tiles a gauge, or 5 in mobile mode: a narrow viewport or a narrow widget. */
export function meterTileCount(widgetWidthPx: number, viewportWidthPx: number): number {
  if (viewportWidthPx <= MOBILE_VIEWPORT_MAX_PX) return METER_TILES_MOBILE;
  // 0 means not measured yet: assume wide rather than flash the mobile gauge on desktop.
  if (widgetWidthPx > 0 && widgetWidthPx < METERS_WIDE_MIN_PX) return METER_TILES_MOBILE;
  return METER_TILES;
}
