import type { StockName } from '@tapeline/core';

/** One row of the palette: a label to match and show, and what choosing it does. */
export interface PaletteCommand {
  id: string;
  label: string;
  /** Extra words that find it (e.g. the page's path). */
  keywords?: readonly string[];
  hint?: string;
  /** Why it cannot be chosen now (shown instead of the hint); absent when it can. */
  disabledReason?: string;
  run(): void;
}

/** The commands whose label or keywords contain every word typed (any order, any case). */
export function matchCommands(commands: readonly PaletteCommand[], query: string): PaletteCommand[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...commands];
  return commands.filter((command) => {
    const text = [command.label, ...(command.keywords ?? [])].join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * Up to `limit` listings for what was typed: the exact symbol first, then symbols that start
 * with it, then company names that contain it. Nothing until something is typed (the listing
 * has thousands of names).
 */
export function matchSymbols(names: readonly StockName[], query: string, limit = 6): StockName[] {
  const q = query.trim();
  if (q === '') return [];
  const upper = q.toUpperCase();
  const lower = q.toLowerCase();
  const exact: StockName[] = [];
  const prefix: StockName[] = [];
  const named: StockName[] = [];
  for (const name of names) {
    if (name.s === upper) exact.push(name);
    else if (name.s.startsWith(upper)) prefix.push(name);
    else if (lower.length > 1 && name.n.toLowerCase().includes(lower)) named.push(name);
  }
  prefix.sort((a, b) => a.s.length - b.s.length || a.s.localeCompare(b.s));
  return [...exact, ...prefix, ...named].slice(0, limit);
}
