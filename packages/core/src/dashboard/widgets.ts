/** Every widget the dashboard grid can hold (dashboard spec §1). */
export const WIDGET_IDS = [
  'stream1',
  'stream2',
  'popular',
  'alerts',
  'meters',
  'news',
  'quote',
  'chat',
  'discovery',
] as const;
export type WidgetId = (typeof WIDGET_IDS)[number];

/**
 * Widgets that may open at /popout/{widget}: the spec's route list (§2 Routes) plus Meters and
 * Quote, since "any widget can open in a separate window" (§2 Pop-outs) — every widget.
 */
export const POPOUT_WIDGETS = [
  'stream1',
  'stream2',
  'popular',
  'alerts',
  'news',
  'chat',
  'discovery',
  'meters',
  'quote',
] as const;
export type PopoutWidgetId = (typeof POPOUT_WIDGETS)[number];

/** The top bar's toggles, in the spec's order, and the widgets each one shows or hides. */
export const WIDGET_TOGGLES = [
  'STREAM',
  'ALERTS',
  'METERS',
  'POPULAR',
  'CHAT',
  'NEWS',
  'QUOTE',
  'DISCOVERY',
] as const;
export type WidgetToggle = (typeof WIDGET_TOGGLES)[number];

export const TOGGLE_WIDGETS: Readonly<Record<WidgetToggle, readonly WidgetId[]>> = {
  STREAM: ['stream1', 'stream2'],
  ALERTS: ['alerts'],
  METERS: ['meters'],
  POPULAR: ['popular'],
  CHAT: ['chat'],
  NEWS: ['news'],
  QUOTE: ['quote'],
  DISCOVERY: ['discovery'],
};

export const WIDGET_TITLES: Readonly<Record<WidgetId, string>> = {
  stream1: 'Stream',
  stream2: 'Stream',
  popular: 'Popular',
  alerts: 'Alerts',
  meters: 'Meters',
  news: 'News',
  quote: 'Quote',
  chat: 'Chat',
  discovery: 'Discovery',
};

/** Smallest size a widget may be resized to, in grid units. */
export const WIDGET_MIN_SIZE: Readonly<Record<WidgetId, { minW: number; minH: number }>> = {
  stream1: { minW: 2, minH: 8 },
  stream2: { minW: 2, minH: 8 },
  popular: { minW: 2, minH: 5 },
  alerts: { minW: 2, minH: 5 },
  meters: { minW: 2, minH: 4 },
  news: { minW: 2, minH: 5 },
  quote: { minW: 2, minH: 4 },
  chat: { minW: 2, minH: 6 },
  discovery: { minW: 4, minH: 6 },
};
