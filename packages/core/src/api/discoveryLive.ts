import { z } from 'zod';
import { servedDiscoveryRowSchema } from '../discovery/servedRowSchema.ts';
import { TIMEFRAME_IDS, timeframeSchema } from './market.ts';
import { PROTOCOL_VERSION } from './protocol.ts';

/**
 * Discovery's opt-in live mode (issue 13 §9, "fresher than MOMO"): a tab subscribes to one
 * timeframe and hears, once a second, only the rows that changed since the last patch, stripped
 * of the columns its plan may not see. The 30 s refresh stays the default; this is on request.
 */
export const DISCOVERY_LIVE_EVENTS = {
  /** Client → server `{v, tf}`, ack `{success}`: Pro (current or old) and Pro Plus only. */
  subscribe: 'discovery_subscribe',
  /** Client → server, no body needed; ack `{success: true}`. */
  unsubscribe: 'discovery_unsubscribe',
  /** Server → client: a `DiscoveryPatch`. */
  patch: 'discovery_patch',
  /**
   * Server → client `{v, reason: 'upgrade'}`: the trader's plan no longer opens Discovery (read
   * again every DISCOVERY_RECHECK_MS): the socket left its room; the table falls back to fetching.
   */
  ended: 'discovery_ended',
} as const;

/** How often a node recomputes the patches of the timeframes its sockets listen to. */
export const DISCOVERY_LIVE_MS = 1000;
/**
 * How long a live socket's plan is trusted before the node reads it again (the data host's
 * session cache holds a fetch's plan as long): a change of plan moves the socket to its new
 * plan's room, or ends live mode, within this time.
 */
export const DISCOVERY_RECHECK_MS = 30_000;

export const discoveryEndedSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  reason: z.literal('upgrade'),
});

/**
 * One timeframe per socket: subscribing to another moves the socket (a tab's socket listens to
 * one `discovery_patch` stream). `tf` takes the engine's names or the dashboard's short ones.
 */
export const discoverySubscribeSchema = z.object({ v: z.literal(PROTOCOL_VERSION), tf: timeframeSchema });
export type DiscoverySubscribe = z.input<typeof discoverySubscribeSchema>;

/**
 * A Discovery row as a node holds it while diffing (`s` the symbol; the other keys as in
 * @tapeline/market's DiscoveryRow, minus those the plan hides): the server copies and compares
 * keys without reading them. The browser checks each row once, with servedDiscoveryRowSchema.
 */
export type DiscoveryLiveRow = { s: string } & Record<string, unknown>;

export const discoveryPatchSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  tf: z.enum(TIMEFRAME_IDS),
  /** When the node computed it (ms since the epoch). */
  ts: z.number(),
  /** Rows that are new or changed since the previous patch, whole. */
  rows: z.array(servedDiscoveryRowSchema),
  /** Symbols no longer served. */
  removed: z.array(z.string()),
  /**
   * Every row of the timeframe (the first patch a socket hears): replace, do not merge. Sent on
   * joining a timeframe the node already computes, and when a node starts computing one.
   */
  full: z.boolean().optional(),
});
export type DiscoveryPatch = z.infer<typeof discoveryPatchSchema>;
/** A patch as a node sends it: rows as held, checked by the browser on arrival. */
export type DiscoveryPatchOut = Omit<DiscoveryPatch, 'rows'> & { rows: DiscoveryLiveRow[] };

/**
 * The rows after a patch, in their order: changed rows replace the old ones in place, new rows
 * go last, removed symbols leave; a full patch replaces everything. Rows the patch leaves alone
 * keep their identity (memoized cells stay memoized). Pure; the input is not modified.
 */
export function applyDiscoveryPatch<R extends { s: string }>(
  rows: readonly R[],
  patch: { rows: readonly R[]; removed: readonly string[]; full?: boolean },
): R[] {
  if (patch.full) return [...patch.rows];
  if (patch.rows.length === 0 && patch.removed.length === 0) return [...rows];
  const changed = new Map<string, R>();
  for (const row of patch.rows) changed.set(row.s, row);
  const removed = new Set(patch.removed);
  const next: R[] = [];
  for (const row of rows) {
    if (removed.has(row.s)) continue;
    const update = changed.get(row.s);
    if (update) {
      next.push(update);
      changed.delete(row.s);
    } else next.push(row);
  }
  // What is left was not in the table: new symbols, in the patch's order.
  for (const row of changed.values()) if (!removed.has(row.s)) next.push(row);
  return next;
}
