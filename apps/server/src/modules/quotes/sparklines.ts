import type { QuotesDeps } from './deps.ts';
import { readFigures } from './figures.ts';

/**
 * GET /api/stock_info/sparkline/{symbols}: in request order; an unlisted symbol, or no engine
 * answering, gives `sl: []` and `pc: null`.
 */
export async function sparklines(deps: QuotesDeps, symbols: readonly string[]) {
  const figures = await readFigures(deps.engine, symbols, true, deps.log);
  return {
    success: true as const,
    items: symbols.map((symbol, i) => ({ symbol, sl: figures[i]?.sl ?? [], pc: figures[i]?.pc ?? null })),
  };
}
