import type { EngineState } from '../engine/engineState.ts';
import { nullIfNaN } from '../engine/metrics.ts';

// The live prices' tick (docs/quotes-news.md §1 "Live prices over the socket"): once a second
// the engine lists every symbol that printed since the last tick. It is one scan over the
// symbol ids whatever the number of traders watching; the API nodes pick each socket's symbols.

/** [symbol, last, percent, dollar_dist, high, low]: core's QuoteTickRow. */
export type QuoteTickRow = [string, number, number | null, number | null, number | null, number | null];

const round = (x: number, places: number) => {
  const f = 10 ** places;
  return nullIfNaN(Math.round(x * f) / f);
};

/**
 * Remembers each symbol's print count at the last tick: a symbol whose count moved printed since
 * (a late print too, which may move high or low). Counts restart at 04:00 with the day, so a
 * count that differs in either direction counts. One Uint32Array, grown with the table.
 */
export class QuoteTicker {
  private seen = new Uint32Array(0);

  /** The rows of every symbol that printed since the last call, in id order. */
  tick(e: Pick<EngineState, 'table' | 'day'>): QuoteTickRow[] {
    const { table, day } = e;
    const n = table.count;
    if (this.seen.length < n) {
      const next = new Uint32Array(table.capacity);
      next.set(this.seen);
      this.seen = next;
    }
    const rows: QuoteTickRow[] = [];
    const seen = this.seen;
    const trades = day.trades;
    for (let id = 0; id < n; id++) {
      const t = trades[id] as number;
      if (t === seen[id]) continue;
      seen[id] = t;
      const last = day.last[id] as number;
      if (t === 0 || Number.isNaN(last)) continue;
      const pc = table.prevClose[id] as number;
      rows.push([
        table.symbols[id] as string,
        last,
        pc > 0 ? round(((last - pc) / pc) * 100, 2) : null,
        round(last - pc, 4),
        nullIfNaN(day.high[id] as number),
        nullIfNaN(day.low[id] as number),
      ]);
    }
    return rows;
  }
}
