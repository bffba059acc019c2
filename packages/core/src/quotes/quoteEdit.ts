import { isValidSymbol, normalizeSymbol } from '../rules/symbol.ts';
import { QUOTES_MAX } from './quoteMessages.ts';

// The rules of POST /api/quotes and POST /api/quotes/reorder (docs/quotes-news.md §1 "API"),
// pure so the server applies them inside its per-trader lock and the spec can name each case.

export type QuoteEditPlan =
  /** Nothing but blanks in both arrays: 400 `empty_symbol`, nothing changes. */
  | { kind: 'empty' }
  /** The result would pass QUOTES_MAX: 400 `overflow`, nothing changes. */
  | { kind: 'overflow'; invalids: string[]; duplicates: string[] }
  | {
      kind: 'edit';
      /** The list after the edit, in order. */
      list: string[];
      /** Symbols deleted (they were listed), in request order. */
      removed: string[];
      /** Symbols appended, in request order. */
      added: string[];
      invalids: string[];
      duplicates: string[];
    };

/** Entries as typed: trimmed, upper-cased, blanks dropped. */
function cleaned(raw: readonly string[]): string[] {
  return raw.map(normalizeSymbol).filter((s) => s.length > 0);
}

/** Adds `symbol` to a report once (a symbol typed three times is reported once). */
function report(into: string[], symbol: string): void {
  if (!into.includes(symbol)) into.push(symbol);
}

/**
 * Deletes apply first (unlisted ones ignored), then adds in order. An add is invalid when it
 * fails the symbol pattern, is a test symbol, or `isListed` says the market does not list it;
 * a duplicate when it is in the list after the deletes or repeated in `adds`. Deleting and
 * adding one symbol in the same call moves it to the end (as a new entry: its pin is gone).
 */
export function planQuoteEdit(
  list: readonly string[],
  adds: readonly string[],
  deletes: readonly string[],
  isListed: (symbol: string) => boolean,
): QuoteEditPlan {
  const wantedAdds = cleaned(adds);
  const wantedDeletes = cleaned(deletes);
  if (wantedAdds.length === 0 && wantedDeletes.length === 0) return { kind: 'empty' };

  const gone = new Set(wantedDeletes);
  const kept = list.filter((s) => !gone.has(s));
  const removed = [...new Set(wantedDeletes)].filter((s) => list.includes(s));
  const held = new Set(kept);
  const added: string[] = [];
  const invalids: string[] = [];
  const duplicates: string[] = [];
  for (const symbol of wantedAdds) {
    if (!isValidSymbol(symbol) || !isListed(symbol)) report(invalids, symbol);
    else if (held.has(symbol)) report(duplicates, symbol);
    else {
      held.add(symbol);
      added.push(symbol);
    }
  }
  if (kept.length + added.length > QUOTES_MAX) return { kind: 'overflow', invalids, duplicates };
  return { kind: 'edit', list: [...kept, ...added], removed, added, invalids, duplicates };
}

/**
 * The order after a reorder: named symbols that are listed take the named order, listed ones
 * not named follow in their old order; unknown or repeated names are ignored (another tab may
 * have changed the list meanwhile). Names are compared as typed: trimmed and upper-cased.
 */
export function planReorder(list: readonly string[], named: readonly string[]): string[] {
  const listed = new Set(list);
  const first = new Set<string>();
  for (const symbol of cleaned(named)) if (listed.has(symbol)) first.add(symbol);
  return [...first, ...list.filter((s) => !first.has(s))];
}
