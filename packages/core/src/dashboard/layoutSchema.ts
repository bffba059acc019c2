import { z } from 'zod';
import { BREAKPOINT_IDS, type BreakpointId } from './grid.ts';
import { POPOUT_WIDGETS, WIDGET_IDS, type WidgetId } from './widgets.ts';

const unit = z.number().int().min(0).max(1000);

/** One widget's place in one breakpoint's grid, in grid units. */
export const cellSchema = z.object({
  x: unit,
  y: unit,
  w: unit.min(1),
  h: unit.min(1),
  minW: unit,
  minH: unit,
});
export type Cell = z.infer<typeof cellSchema>;

export const widgetIdSchema = z.enum(WIDGET_IDS);
export const popoutWidgetSchema = z.enum(POPOUT_WIDGETS);
export const streamChannelIdSchema = z.enum(['main', 'alt']);
export type StreamChannelId = z.infer<typeof streamChannelIdSchema>;

/** Cells keyed by widget; a widget missing here has no place yet in this breakpoint. */
export const cellsSchema = z.partialRecord(widgetIdSchema, cellSchema);
export type Cells = Partial<Record<WidgetId, Cell>>;

const screenSchema = z.object({
  x: z.number().int().min(-100_000).max(100_000),
  y: z.number().int().min(-100_000).max(100_000),
  w: z.number().int().min(100).max(20_000),
  h: z.number().int().min(100).max(20_000),
});
export type PopoutScreen = z.infer<typeof screenSchema>;

/** A pop-out window: where it sits on the trader's screens and whether it is open. */
export const popoutSchema = z.object({
  widget: popoutWidgetSchema,
  screen: screenSchema,
  open: z.boolean(),
});
export type Popout = z.infer<typeof popoutSchema>;

export const LAYOUT_KEYS = ['primary', 'optional', 'dynamic'] as const;
export type LayoutKey = (typeof LAYOUT_KEYS)[number];

/** A named layout (spec §3 Layout): serializable, saved as JSON by POST /api/settings/dashboard/layout. */
export const layoutSchema = z.object({
  key: z.enum(LAYOUT_KEYS),
  label: z.string().min(1).max(40),
  layout: z.object(
    Object.fromEntries(BREAKPOINT_IDS.map((id) => [id, cellsSchema])) as Record<
      BreakpointId,
      typeof cellsSchema
    >,
  ),
  /** Which widgets are shown; the Stream widget is split into two while stream2 is shown. */
  menu: z.object(
    Object.fromEntries(WIDGET_IDS.map((id) => [id, z.boolean()])) as Record<WidgetId, z.ZodBoolean>,
  ),
  streamSelectedChannel: z.object({ stream1: streamChannelIdSchema, stream2: streamChannelIdSchema }),
  /**
   * Whether the trader split the Stream in two (set by split and merge, kept while STREAM is
   * hidden so turning it on again brings both back). Layouts saved before it existed parse as false.
   */
  streamSplit: z.boolean().default(false),
  popout: z.array(popoutSchema).max(POPOUT_WIDGETS.length),
  maximized: widgetIdSchema.nullable(),
  locked: z.boolean(),
  active: z.boolean(),
});
export type Layout = z.infer<typeof layoutSchema>;

/** The three layouts, each key once and exactly one active. */
export const layoutsSchema = z
  .array(layoutSchema)
  .length(LAYOUT_KEYS.length)
  .refine((list) => new Set(list.map((l) => l.key)).size === list.length, 'Each layout key appears once.')
  .refine((list) => list.filter((l) => l.active).length === 1, 'Exactly one layout is active.');

export const saveLayoutRequestSchema = z.object({ layout: layoutsSchema });
export type SaveLayoutRequest = z.infer<typeof saveLayoutRequestSchema>;
