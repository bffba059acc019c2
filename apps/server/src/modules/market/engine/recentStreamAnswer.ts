import { type ChannelContext, type StreamRecentQuery, streamRecentChannel } from '@tapeline/core';
import type { MarketEngine } from '@tapeline/market';

/** How long one channel's answer is reused: a reconnect storm of tabs costs one scan. */
export const RECENT_MEMO_MS = 500;
const NONE: ReadonlySet<string> = new Set();

/**
 * The `streamRecent` query's answer (`{data: [batch]}`, core streamRecentResponseSchema), memoized
 * per normalized query for RECENT_MEMO_MS of wall time. The scan of every symbol takes a few ms;
 * the answer names the last published batch, so a client stitches live batches after it.
 */
export function createRecentStreamAnswer(
  engine: MarketEngine,
  wallNow: () => number,
  listed: (id: number) => boolean,
): (query: StreamRecentQuery, proPlus: boolean) => string {
  const memo = new Map<string, { at: number; json: string }>();
  const table = engine.table;
  const sectorOf = (symbol: string) => {
    const id = engine.idOf(symbol);
    return id < 0 ? undefined : (table.sector[id] as number);
  };
  return (query, proPlus) => {
    const key = JSON.stringify([query, proPlus]);
    const now = wallNow();
    const hit = memo.get(key);
    if (hit && now - hit.at < RECENT_MEMO_MS) return hit.json;
    if (memo.size >= 256) for (const [k, v] of memo) if (now - v.at >= RECENT_MEMO_MS) memo.delete(k);
    const ctx: ChannelContext = { popular: NONE, favorites: NONE, sectorOf, proPlus };
    // The options display mode Filter: optionable symbols only, as the client's gate.
    if (query.optionable) ctx.accepts = (symbol) => table.optionable[engine.idOf(symbol)] === 1;
    const batch = engine.recentBatch({ channel: streamRecentChannel(query), ctx, listed });
    const json = JSON.stringify({ data: [batch] });
    memo.set(key, { at: now, json });
    return json;
  };
}
