import type { StreamBatchView, StreamEntry } from '@tapeline/core';

/** Spec §4 "Stream buffer": flush every 2 s; ≤ 1000 pending batches, cut to 300; ≤ 300 rows a side. */
export const FLUSH_MS = 2000;
export const MAX_PENDING = 1000;
export const TRUNCATE_TO = 300;
export const MAX_ROWS = 300;

export interface StreamView {
  highs: StreamEntry[];
  lows: StreamEntry[];
  halts: StreamEntry[];
  /** Unusual-volume events, newest first, a symbol once at its latest level. */
  uvols: StreamEntry[];
}

export const emptyView = (): StreamView => ({ highs: [], lows: [], halts: [], uvols: [] });

/**
 * Batches wait here between flushes so that a busy tape repaints every 2 s, not per batch.
 * Newest rows go on top; a symbol appears once per side, at its latest entry.
 */
export class StreamBuffer {
  private pending: StreamBatchView[] = [];

  push(batch: StreamBatchView): void {
    this.pending.push(batch);
    if (this.pending.length > MAX_PENDING) this.pending.splice(0, this.pending.length - MAX_PENDING);
  }

  get size(): number {
    return this.pending.length;
  }

  /** Takes the pending batches out unshown (a recent view that contains them replaces them). */
  drain(): StreamBatchView[] {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }

  /**
   * Merges pending batches into the shown view and empties the buffer. `keep` is the channel's
   * filter, asked only of the entries read: newest first, and no further than a side can show.
   */
  flush(view: StreamView, keep: (entry: StreamEntry) => boolean = KEEP_ALL): StreamView {
    if (this.pending.length === 0) return view;
    const batches = this.pending.length > TRUNCATE_TO ? this.pending.slice(-TRUNCATE_TO) : this.pending;
    this.pending = [];
    return {
      highs: merge(view.highs, batches, 'highs', keep),
      lows: merge(view.lows, batches, 'lows', keep),
      halts: merge(view.halts, batches, 'halts', keep),
      uvols: merge(view.uvols, batches, 'uvols', keep),
    };
  }
}

const KEEP_ALL = () => true;

/**
 * The side's rows after the batches: newest entry first, each symbol once, at most MAX_ROWS.
 * At the open a batch holds thousands of entries and a flush several batches, so this walks
 * them in place from the newest and stops once the side is full (issue 27 §1).
 */
function merge(
  shown: StreamEntry[],
  batches: StreamBatchView[],
  side: keyof StreamView,
  keep: (entry: StreamEntry) => boolean,
): StreamEntry[] {
  const seen = new Set<string>();
  const rows: StreamEntry[] = [];
  for (let b = batches.length - 1; b >= 0 && rows.length < MAX_ROWS; b--) {
    const entries = (batches[b] as StreamBatchView)[side];
    for (let i = entries.length - 1; i >= 0 && rows.length < MAX_ROWS; i--) {
      const row = entries[i] as StreamEntry;
      if (seen.has(row.symbol) || !keep(row)) continue;
      seen.add(row.symbol);
      rows.push(row);
    }
  }
  // Nothing new for this side: the same rows, so its table has nothing to re-render.
  if (rows.length === 0) return shown;
  for (let i = 0; i < shown.length && rows.length < MAX_ROWS; i++) {
    const row = shown[i] as StreamEntry;
    if (seen.has(row.symbol)) continue;
    seen.add(row.symbol);
    rows.push(row);
  }
  return rows;
}
