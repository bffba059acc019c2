import {
  normalizeSymbol,
  pinPercent,
  QUOTES_MAX,
  type Quote,
  type QuotesEditRequest,
  quoteMessages,
} from '@tapeline/core';

// The Quote widget's pure rules (docs/quotes-news.md §2): view sorting, the edit draft, what a
// save sends or says, live ticks merged into the list, and the sparkline's geometry.

/** Spec §4: the sort method accepts only 'a' (alphabetical) or '%' (percent change). */
export type SortMethod = 'a' | '%';

export function parseSortMethod(raw: unknown): SortMethod | null {
  return raw === 'a' || raw === '%' ? raw : null;
}

/** Choosing the active method again clears it (back to the saved order). */
export function nextSortMethod(current: SortMethod | null, chosen: SortMethod): SortMethod | null {
  return current === chosen ? null : chosen;
}

/**
 * The list as shown: saved order without a method; A by symbol; % by percent, highest first,
 * unknown percents last. Ties keep the saved order. The saved list itself is never reordered.
 */
export function sortQuotes<Q extends Pick<Quote, 'symbol' | 'percent'>>(
  list: readonly Q[],
  method: SortMethod | null,
): readonly Q[] {
  if (method === null) return list;
  const copy = [...list];
  if (method === 'a') return copy.sort((x, y) => (x.symbol < y.symbol ? -1 : x.symbol > y.symbol ? 1 : 0));
  return copy.sort((x, y) => {
    if (x.percent === null || y.percent === null)
      return (x.percent === null ? 1 : 0) - (y.percent === null ? 1 : 0);
    return y.percent - x.percent;
  });
}

/**
 * Text typed into the edit field, committed: split on blanks and commas, upper-cased; blanks
 * and symbols already in `added` are ignored (spec §5). A symbol already saved stays: the
 * server reports it as a duplicate, as the spec says it does.
 */
export function draftAdd(added: readonly string[], raw: string): string[] {
  const next = [...added];
  for (const part of raw.split(/[\s,]+/)) {
    const symbol = normalizeSymbol(part);
    if (symbol && !next.includes(symbol)) next.push(symbol);
  }
  return next;
}

export type SavePlan = { kind: 'message'; message: string } | { kind: 'call'; body: QuotesEditRequest };

/**
 * What Save does with the draft: nothing changed, or the result over 75, is said without a call
 * (spec §5); otherwise the adds and deletes go to the server, which judges invalids and
 * duplicates.
 */
export function planSave(
  saved: readonly string[],
  removed: readonly string[],
  added: readonly string[],
): SavePlan {
  if (added.length === 0 && removed.length === 0) return { kind: 'message', message: quoteMessages.noChange };
  const gone = new Set(removed);
  const kept = new Set(saved.filter((s) => !gone.has(s)));
  const fresh = new Set(added.filter((s) => !kept.has(s)));
  if (kept.size + fresh.size > QUOTES_MAX) return { kind: 'message', message: quoteMessages.overLimit };
  return { kind: 'call', body: { adds: [...added], deletes: [...removed] } };
}

export { applyTick } from '../../lib/liveTicks.ts';

/** A pin applied locally (the server's answer replaces it): the distance follows the price. */
export function withPin(list: Quote[], symbol: string, pin: number | null): Quote[] {
  return list.map((q) => (q.symbol === symbol ? { ...q, pin, pin_percent: pinPercent(pin, q.price) } : q));
}

/** The prior close: the price less its dollar change; null when either is unknown. */
export function priorClose(quote: Pick<Quote, 'price' | 'dollar_dist'>): number | null {
  if (quote.price === null || quote.dollar_dist === null) return null;
  return Math.round((quote.price - quote.dollar_dist) * 10_000) / 10_000;
}

export interface SparkGeometry {
  /** The polyline's `points`; '' when there is nothing to draw. */
  points: string;
  /** The y of the prior close, or null without one. */
  baseline: number | null;
}

/**
 * The sparkline in a w × h box (y grows downward): x evenly spaced, y scaled over the series and
 * the prior close together so the baseline is always inside. A flat series sits mid-height.
 */
export function sparklinePoints(
  sl: readonly number[],
  w: number,
  h: number,
  pc: number | null,
): SparkGeometry {
  const series = sl.filter(Number.isFinite);
  if (series.length === 0) return { points: '', baseline: null };
  const all = pc === null ? series : [...series, pc];
  const min = Math.min(...all);
  const max = Math.max(...all);
  const span = max - min;
  const y = (v: number) => (span === 0 ? h / 2 : h - ((v - min) / span) * h);
  const round = (n: number) => Math.round(n * 100) / 100;
  const step = series.length > 1 ? w / (series.length - 1) : 0;
  // One point is drawn as a short flat line so it is visible.
  const xs = series.length > 1 ? series.map((_, i) => i * step) : [0];
  const pts = series.map((v, i) => `${round(xs[i] ?? 0)},${round(y(v))}`);
  if (series.length === 1) pts.push(`${round(w)},${round(y(series[0] ?? 0))}`);
  return { points: pts.join(' '), baseline: pc === null ? null : round(y(pc)) };
}

/** The order after dragging `symbol` onto `over`'s place. */
export function moveSymbol(order: readonly string[], symbol: string, over: string): string[] {
  const from = order.indexOf(symbol);
  const to = order.indexOf(over);
  if (from < 0 || to < 0 || from === to) return [...order];
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, symbol);
  return next;
}

/** The list in the given order (a drop shown before the server has it); others keep their place after. */
export function inOrder(list: readonly Quote[], order: readonly string[]): Quote[] {
  const at = new Map(order.map((s, i) => [s, i]));
  return [...list].sort((x, y) => (at.get(x.symbol) ?? order.length) - (at.get(y.symbol) ?? order.length));
}

/** The pin field's text: a price in (0, 1,000,000], '' or 0 resets (null), else invalid. */
export function parsePin(text: string): number | null | 'invalid' {
  const trimmed = text.trim().replace(/^\$/, '');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 0 || value > 1_000_000) return 'invalid';
  return value === 0 ? null : Math.round(value * 10_000) / 10_000;
}
