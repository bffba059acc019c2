import { pinPercent, type Quote, type QuoteTickRow } from '@tapeline/core';

/**
 * A live frame merged into the list: figures replaced, the pin distance recomputed, the
 * sparkline's last point moved to the new price (the 60 s refresh brings new slots). The list
 * is returned unchanged (same object) when no row concerns it, so nothing re-renders.
 */
export function applyTick(list: Quote[], rows: readonly QuoteTickRow[]): Quote[] {
  if (rows.length === 0) return list;
  const bySymbol = new Map(rows.map((row) => [row[0], row]));
  let changed = false;
  const next = list.map((quote) => {
    const row = bySymbol.get(quote.symbol);
    if (!row) return quote;
    changed = true;
    const [, price, percent, dollar_dist, high, low] = row;
    const sl = quote.sl.length > 0 ? [...quote.sl.slice(0, -1), price] : [price];
    return {
      ...quote,
      price,
      percent,
      dollar_dist,
      high,
      low,
      sl,
      pin_percent: pinPercent(quote.pin, price),
    };
  });
  return changed ? next : list;
}

/**
 * The newest live row of each symbol and when it came, counted in frames. The list's 60 s
 * refresh asks the server at mark m; a tick that lands while the answer is on its way is newer
 * than what the request saw when it left, and the answer must not put the older price back
 * (a quiet name would show it until its next print: issue 27's card "1–5 cents behind").
 */
export class LiveTicks {
  private seq = 0;
  private readonly rows = new Map<string, { row: QuoteTickRow; seq: number }>();

  /** Taken just before a list request leaves. */
  mark(): number {
    return this.seq;
  }

  record(rows: readonly QuoteTickRow[]): void {
    this.seq++;
    for (const row of rows) this.rows.set(row[0], { row, seq: this.seq });
  }

  /** The newest row of every symbol that ticked after `mark`. */
  since(mark: number): QuoteTickRow[] {
    const out: QuoteTickRow[] = [];
    for (const { row, seq } of this.rows.values()) if (seq > mark) out.push(row);
    return out;
  }
}

/** The tab's one record: useLiveQuotes writes it, the list's query reads it. */
export const liveTicks = new LiveTicks();
