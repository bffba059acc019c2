import { formatPrice } from '../rules/format.ts';

// The text of a fired alert (its `msg`), shared by the engine's evaluator, the server and the
// web so a toast, a push, a webhook and the history say the same words. Short and
// trader-readable: the symbol first, then what happened. Semantics: docs/alerts.md.

/** How many symbols a digest names before it trails off with "…". */
export const DIGEST_NAMED = 5;

const pct1 = (x: number) => Math.abs(x).toFixed(1);

export const alertText = {
  /** `trade` on a new high or low of the day: "AAPL new high 190.25". */
  trade: (symbol: string, high: boolean, price: number) =>
    `${symbol} new ${high ? 'high' : 'low'} ${formatPrice(price)}`,
  /** `price`: "AAPL up 4.0% at 190.25". */
  price: (symbol: string, changePct: number, price: number) =>
    `${symbol} ${changePct >= 0 ? 'up' : 'down'} ${pct1(changePct)}% at ${formatPrice(price)}`,
  /** `uv`: today's volume vs the usual volume by this time, "AAPL unusual volume 245%". */
  uv: (symbol: string, uVol: number) => `${symbol} unusual volume ${Math.round(uVol)}%`,
  /** `vwap`: "AAPL 3.1% above VWAP". */
  vwap: (symbol: string, distPct: number) =>
    `${symbol} ${pct1(distPct)}% ${distPct >= 0 ? 'above' : 'below'} VWAP`,
  /** `halt`: "AAPL halted (LUDP)", "AAPL resumed". */
  halt: (symbol: string, halted: boolean, reason: string) =>
    halted ? `${symbol} halted${reason ? ` (${reason})` : ''}` : `${symbol} resumed`,
  /** Filtered (Pro Plus): "AAPL entered filter Gappers". */
  filtered: (symbol: string, filter: string) => `${symbol} entered filter ${filter}`,
  /** The overflow of a minute: "12 more alerts: ABC, XYZ, …". */
  digest: (count: number, symbols: readonly string[]) => {
    const named = symbols.slice(0, DIGEST_NAMED).join(', ');
    const more = symbols.length > DIGEST_NAMED ? ', …' : '';
    return `${count} more alert${count === 1 ? '' : 's'}: ${named}${more}`;
  },
} as const;
