import { DASHBOARD_NARROW_PX, LAYOUT_MENU_HIDDEN_PX } from '@tapeline/core';

/**
 * The one breakpoint (core's MOBILE_BREAKPOINT_PX, 768) as media queries, for CSS and code alike.
 * The spec draws two lines at it: the dashboard and most pages go narrow below 768 px, while the
 * settings page and the layout menu switch at 768 px and below (spec §2).
 */
export const MEDIA = {
  /** Below the breakpoint: the narrow (mobile) form of the dashboard and the pages. */
  mobile: `(max-width: ${DASHBOARD_NARROW_PX}px)`,
  /** At the breakpoint and below: the settings page's narrow layout, the hidden layout menu. */
  mobileOrBreakpoint: `(max-width: ${LAYOUT_MENU_HIDDEN_PX}px)`,
} as const;

/**
 * The same queries as CSS custom media (`@media (--mobile)` in any stylesheet). CSS cannot read
 * a variable inside a media query, so vite.config.ts prepends these definitions to every
 * stylesheet and postcss-custom-media replaces each `(--name)` with its query at build time.
 */
export const CUSTOM_MEDIA_CSS = [
  `@custom-media --mobile ${MEDIA.mobile};`,
  `@custom-media --mobile-or-breakpoint ${MEDIA.mobileOrBreakpoint};`,
].join('\n');
