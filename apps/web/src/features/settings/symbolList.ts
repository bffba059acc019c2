import { CUSTOM_LIST_MAX, isValidSymbol, normalizeSymbol } from '@tapeline/core';
import { settingsMessages } from './settingsText.ts';

export type AddCheck =
  | { kind: 'ok'; symbol: string }
  | { kind: 'empty' }
  | { kind: 'rejected'; message: string };

/** What Add Symbol can say before asking the server: empty, malformed, already listed or full. */
export function checkNewSymbol(raw: string, existing: readonly string[]): AddCheck {
  const symbol = normalizeSymbol(raw);
  if (!symbol) return { kind: 'empty' };
  if (!isValidSymbol(symbol)) return { kind: 'rejected', message: settingsMessages.symbolInvalid(symbol) };
  if (existing.includes(symbol))
    return { kind: 'rejected', message: settingsMessages.alreadyImported([symbol]) };
  if (existing.length >= CUSTOM_LIST_MAX) return { kind: 'rejected', message: settingsMessages.addFailed };
  return { kind: 'ok', symbol };
}

/** The list without the symbols the Edit Symbols modal removed, in its order. */
export function withoutSymbols(list: readonly string[], removed: ReadonlySet<string>): string[] {
  return list.filter((s) => !removed.has(s));
}

/** Spec §2: Edit Symbols is wider for a list of more than 100 symbols. */
export const WIDE_LIST_AFTER = 100;
export function isWideList(list: readonly string[]): boolean {
  return list.length > WIDE_LIST_AFTER;
}
