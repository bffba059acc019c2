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

  /** Merges pending batches into the shown view and empties the buffer. */
  flush(view: StreamView): StreamView {
    if (this.pending.length === 0) return view;
    const batches = this.pending.length > TRUNCATE_TO ? this.pending.slice(-TRUNCATE_TO) : this.pending;
    this.pending = [];
    return {
      highs: merge(view.highs, batches, 'highs'),
      lows: merge(view.lows, batches, 'lows'),
      halts: merge(view.halts, batches, 'halts'),
      uvols: merge(view.uvols, batches, 'uvols'),
    };
  }
}

function merge(shown: StreamEntry[], batches: StreamBatchView[], side: keyof StreamView): StreamEntry[] {
  const fresh: StreamEntry[] = [];
  for (let b = batches.length - 1; b >= 0; b--) {
    const entries = (batches[b] as StreamBatchView)[side];
    for (let i = entries.length - 1; i >= 0; i--) fresh.push(entries[i] as StreamEntry);
  }
  const seen = new Set<string>();
  const rows: StreamEntry[] = [];
  for (const row of [...fresh, ...shown]) {
    if (seen.has(row.symbol)) continue;
    seen.add(row.symbol);
    rows.push(row);
    if (rows.length === MAX_ROWS) break;
  }
  return rows;
}
