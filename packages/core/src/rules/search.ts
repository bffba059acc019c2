import { SEARCH_RESULTS_CAP, USER_SEARCH_MIN_CHARS } from '../constants.ts';
import { isValidSymbol, normalizeSymbol } from './symbol.ts';

/**
 * An entry of /data/stock-names.json (accounts spec §3): s is the symbol, n the company name,
 * and (ours) c the sector code, so stream channels can filter by industry.
 */
export interface StockName {
  s: string;
  n: string;
  c?: number;
}

/** An entry of GET /api/users (accounts spec §3). */
export interface UsernameEntry {
  id: string;
  username: string;
}

/** Discovery spec "Symbol search statistics": searches up to 6 characters, after a 2 s pause, hourly. */
export const SEARCH_STATS_MAX_LENGTH = 6;
export const SEARCH_STATS_PAUSE_MS = 2000;
export const SEARCH_STATS_INTERVAL_MS = 3_600_000;

export type ParsedSearch = { kind: 'symbol'; query: string } | { kind: 'user'; query: string };

/** A leading @ means user search; anything else is a symbol search, upper-cased. */
export function parseSearch(text: string): ParsedSearch {
  const trimmed = text.trim();
  if (trimmed.startsWith('@')) return { kind: 'user', query: trimmed.slice(1).trim() };
  return { kind: 'symbol', query: normalizeSymbol(trimmed) };
}

/** Ranks candidates into tiers (lower is better) and keeps the best `cap`, ties in name order. */
function ranked<T>(
  items: readonly T[],
  tierOf: (item: T) => number,
  keyOf: (item: T) => string,
  cap: number,
) {
  const hits: { item: T; tier: number; key: string }[] = [];
  for (const item of items) {
    const tier = tierOf(item);
    if (tier >= 0) hits.push({ item, tier, key: keyOf(item) });
  }
  hits.sort((a, b) => a.tier - b.tier || a.key.length - b.key.length || (a.key < b.key ? -1 : 1));
  return hits.slice(0, Math.max(0, cap)).map((hit) => hit.item);
}

/**
 * Symbol search: the exact symbol first, then symbols starting with the query (shortest
 * first, so "A" finds A, AA, AAL…), then companies whose name contains it.
 */
export function searchSymbols(
  names: readonly StockName[],
  query: string,
  cap: number = SEARCH_RESULTS_CAP,
): StockName[] {
  const q = normalizeSymbol(query);
  if (q === '') return [];
  return ranked(
    names,
    ({ s, n }) => {
      if (s === q) return 0;
      if (s.startsWith(q)) return 1;
      const name = n.toUpperCase();
      if (name.startsWith(q)) return 2;
      return name.includes(q) ? 3 : -1;
    },
    (entry) => entry.s,
    cap,
  );
}

/**
 * User search (after the @): at least 3 characters, the exact username first (any case),
 * then usernames starting with the query, then containing it; at most 50.
 */
export function searchUsers(
  users: readonly UsernameEntry[],
  query: string,
  cap: number = SEARCH_RESULTS_CAP,
): UsernameEntry[] {
  const q = query.trim().replace(/^@/, '').toLowerCase();
  if (q.length < USER_SEARCH_MIN_CHARS) return [];
  return ranked(
    users,
    ({ username }) => {
      const name = username.toLowerCase();
      if (name === q) return 0;
      if (name.startsWith(q)) return 1;
      return name.includes(q) ? 2 : -1;
    },
    (user) => user.username.toLowerCase(),
    cap,
  );
}

/** Whether a typed symbol search may count toward popularity: short, a symbol, not counted this hour. */
export function searchStatsDue(query: string, lastCountedAt: number | undefined, now: number): boolean {
  if (query.length === 0 || query.length > SEARCH_STATS_MAX_LENGTH || !isValidSymbol(query)) return false;
  return lastCountedAt === undefined || now - lastCountedAt >= SEARCH_STATS_INTERVAL_MS;
}
