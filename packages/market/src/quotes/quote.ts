import type { EngineState } from '../engine/engineState.ts';
import { lastPrice, nullIfNaN } from '../engine/metrics.ts';
import { sparkline } from './spark.ts';

// A quote card's figures (docs/quotes-news.md §1 "Prices and sparklines from the engine").

/** One symbol's figures as the `quotes` engine query answers them; unknown figures are null. */
export interface QuoteFigures {
  s: string;
  /** The session's last print, else the last close. */
  last: number | null;
  /** Prior close: the card's baseline. */
  pc: number | null;
  /** The session's extremes from 04:00; null before its first print. */
  high: number | null;
  low: number | null;
  /** 5-minute closes from the first slot with a print to now; only when asked for. */
  sl?: number[];
}

export type QuoteState = Pick<EngineState, 'clock' | 'table' | 'day' | 'bars' | 'scratch' | 'session'>;

/** The figures of symbol id. */
export function quoteOf(e: QuoteState, id: number, spark: boolean): QuoteFigures {
  const q: QuoteFigures = {
    s: e.table.symbols[id] as string,
    last: nullIfNaN(lastPrice(e, id)),
    pc: nullIfNaN(e.table.prevClose[id] as number),
    high: nullIfNaN(e.day.high[id] as number),
    low: nullIfNaN(e.day.low[id] as number),
  };
  if (spark) q.sl = sparkline(e, id);
  return q;
}
