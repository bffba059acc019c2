import { z } from 'zod';
import { PROTOCOL_VERSION } from './protocol.ts';

// What the market data is and what time it is on the market (issue 23 §3, §5): the server says
// both, in /api/config and every few seconds on the socket; the web never decides "closed" from
// the browser's own clock.

/**
 * The source as a trader needs it: the built-in simulator, a recorded replay, Alpaca's IEX plan
 * (one exchange: a partial market), the full consolidated tape (SIP), or a 15-minute delayed feed.
 */
export const FEED_LABELS = ['SIMULATED', 'REPLAY', 'IEX', 'SIP', 'DELAYED'] as const;
export type FeedLabel = (typeof FEED_LABELS)[number];

/**
 * `live`: prints arrive. `stalled`: the engine runs but no print came for a while in the regular
 * session. `down`: no engine answers (stopped, unreachable, or none on this server).
 */
export const FEED_HEALTH = ['live', 'stalled', 'down'] as const;
export type FeedHealth = (typeof FEED_HEALTH)[number];

/**
 * The market's clock when the server answered: `at` (epoch ms on the market's clock: virtual for
 * the simulator, the wall for real feeds, the recording's for a replay), running `rate` market
 * ms per wall ms from there (0: it stands still). A reader anchors it at the moment it arrived.
 */
export const marketClockSchema = z.object({
  at: z.number(),
  rate: z.number().min(0),
});
export type MarketClockAnchor = z.infer<typeof marketClockSchema>;

export const marketStatusSchema = z.object({
  feed: z.enum(FEED_LABELS).nullable(),
  health: z.enum(FEED_HEALTH),
  /** Null while no engine has said its time. */
  clock: marketClockSchema.nullable(),
});
export type MarketStatus = z.infer<typeof marketStatusSchema>;

/** Server → client every few seconds to every signed-in socket: `market_status`. */
export const MARKET_STATUS_EVENT = 'market_status';
export const marketStatusFrameSchema = marketStatusSchema.extend({ v: z.literal(PROTOCOL_VERSION) });
export type MarketStatusFrame = z.infer<typeof marketStatusFrameSchema>;

/** How often the server sends `market_status`, and how long without a print counts as stalled. */
export const MARKET_STATUS_EVERY_MS = 2_000;
export const FEED_STALL_MS = 6_000;
/** The web's data-age badge shows when the tape runs more than this behind the market clock. */
export const DATA_AGE_BADGE_MS = 2_000;

/** The market's time `elapsedMs` wall milliseconds after the anchor arrived. */
export function marketTimeAt(anchor: MarketClockAnchor, elapsedMs: number): number {
  return anchor.at + Math.max(0, elapsedMs) * anchor.rate;
}
