import { MOBILE_BREAKPOINT_PX } from '../constants.ts';

/** The dashboard grid (spec §2 Grid): 12 columns, row height 25, six breakpoints. */
export const GRID_COLUMNS = 12;
export const GRID_ROW_HEIGHT = 25;
export const GRID_MARGIN: readonly [number, number] = [6, 6];

/** Breakpoints by their lower bound in pixels of container width, widest first. */
export const BREAKPOINTS = { xxl: 1400, xl: 1200, lg: 992, md: 768, sm: 576, xs: 0 } as const;
export type BreakpointId = keyof typeof BREAKPOINTS;
export const BREAKPOINT_IDS = Object.keys(BREAKPOINTS) as BreakpointId[];

export function breakpointFor(width: number): BreakpointId {
  for (const id of BREAKPOINT_IDS) if (width >= BREAKPOINTS[id]) return id;
  return 'xs';
}

/** The dashboard switches to its narrow (mobile) form at this width and below (spec §2 Grid). */
export const DASHBOARD_NARROW_PX = MOBILE_BREAKPOINT_PX - 1;
/** The layout menu is hidden at this width and below (spec §2 Top bar). */
export const LAYOUT_MENU_HIDDEN_PX = MOBILE_BREAKPOINT_PX;
