import { type DiscoveryAccess, hiddenDiscoveryKeys } from '@tapeline/core';
import { type DiscoveryRow, discoveryRows, type MarketEngine, type Timeframe } from '@tapeline/market';

const MAX_AGE_MS = 1000;

/**
 * Discovery rows recomputed at most once a second per timeframe, and serialized at most once
 * per recompute and access level, however many traders ask.
 */
export function createDiscoveryCache(engine: MarketEngine, wallNow: () => number) {
  const rows = new Map<Timeframe, { at: number; rows: DiscoveryRow[]; json: Map<DiscoveryAccess, string> }>();
  /** Recomputes and their wall ms since start (the engine's metrics). */
  const stats = { recomputes: 0, ms: 0 };

  function fresh(tf: Timeframe) {
    const cached = rows.get(tf);
    const now = wallNow();
    if (cached && now - cached.at < MAX_AGE_MS) return cached;
    const entry = { at: now, rows: discoveryRows(engine, tf), json: new Map<DiscoveryAccess, string>() };
    stats.recomputes++;
    stats.ms += wallNow() - now;
    rows.set(tf, entry);
    return entry;
  }

  return {
    stats,
    rows: (tf: Timeframe) => fresh(tf).rows,
    json(tf: Timeframe, access: DiscoveryAccess): string {
      const entry = fresh(tf);
      let text = entry.json.get(access);
      if (text === undefined) {
        const hidden = hiddenDiscoveryKeys(access);
        text =
          hidden.length === 0
            ? JSON.stringify(entry.rows)
            : JSON.stringify(entry.rows, (key, value) => (hidden.includes(key) ? undefined : value));
        entry.json.set(access, text);
      }
      return text;
    },
  };
}
