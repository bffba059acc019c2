import { pinPercent, type Quote } from '@tapeline/core';
import type { QuoteFigures } from '@tapeline/market';
import { z } from 'zod';
import type { Log } from '../../platform/log.ts';
import type { EngineQuery } from '../market/engine/protocol.ts';
import type { StoredQuote } from './repository.ts';

// A quote's figures come from the engine's `quotes` query (docs/quotes-news.md §1 "Prices and
// sparklines from the engine"); the list must never fail because of it.

/** What this module needs of the engine: the data host's source (engine thread or bus). */
export interface QuotesEngine {
  readonly status: unknown;
  query(query: Extract<EngineQuery, { kind: 'quotes' }>, timeoutMs?: number): Promise<string>;
}

const num = z.number().finite().nullable();
/** One entry of the answer: the engine's QuoteFigures, checked (the schema must keep that shape). */
export type EngineFigures = QuoteFigures | null;
const figuresSchema: z.ZodType<EngineFigures> = z
  .object({ s: z.string(), last: num, pc: num, high: num, low: num, sl: z.array(z.number()).optional() })
  .nullable();

/** A page may wait this long for figures before it is answered without them. */
export const FIGURES_TIMEOUT_MS = 2000;

/**
 * Figures of `symbols`, aligned with them; all null when no engine is known or it does not
 * answer in time, and null for an entry that does not parse.
 */
export async function readFigures(
  engine: QuotesEngine,
  symbols: readonly string[],
  spark: boolean,
  log: Log,
): Promise<EngineFigures[]> {
  const none = symbols.map(() => null);
  if (symbols.length === 0 || engine.status === null) return none;
  let json: string;
  try {
    json = await engine.query({ kind: 'quotes', symbols: [...symbols], spark }, FIGURES_TIMEOUT_MS);
  } catch {
    // Not running, stopped, busy or too old to know the query: the cards show dashes until it answers.
    return none;
  }
  let answer: unknown;
  try {
    answer = JSON.parse(json);
  } catch {
    answer = null;
  }
  if (!Array.isArray(answer) || answer.length !== symbols.length) {
    log.warn({ symbols: symbols.length }, 'quotes: the engine answered a list of another shape');
    return none;
  }
  return answer.map((entry, i) => {
    const parsed = figuresSchema.safeParse(entry);
    return parsed.success && (parsed.data === null || parsed.data.s === symbols[i]) ? parsed.data : null;
  });
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** The card of one stored favourite: §3's Quote, percent and dollar distance from the prior close. */
export function toQuote(stored: StoredQuote, figures: EngineFigures): Quote {
  const price = figures?.last ?? null;
  const pc = figures?.pc ?? null;
  const moved = price !== null && pc !== null && pc > 0;
  return {
    symbol: stored.symbol,
    price,
    percent: moved ? round((price / pc - 1) * 100, 2) : null,
    dollar_dist: moved ? round(price - pc, 4) : null,
    high: figures?.high ?? null,
    low: figures?.low ?? null,
    sl: figures?.sl ?? [],
    pin: stored.pin,
    pin_percent: pinPercent(stored.pin, price),
  };
}
