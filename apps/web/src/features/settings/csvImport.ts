import { CUSTOM_LIST_MAX, isValidSymbol } from '@tapeline/core';
import { settingsMessages } from './settingsText.ts';

/** Spec §5: the file's name must end in .csv (any case: Windows exports write .CSV). */
export function isCsvFile(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

const HEADER = 'SYMBOL';

/**
 * The symbols of a CSV file, in file order and each once (spec §5): lines trimmed and
 * upper-cased, leading and trailing commas removed, the SYMBOL header and empty lines dropped.
 */
export function parseSymbolsCsv(text: string): string[] {
  const seen = new Set<string>();
  for (const line of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const symbol = line
      .trim()
      .toUpperCase()
      .replace(/^,+|,+$/g, '')
      .trim();
    if (symbol && symbol !== HEADER) seen.add(symbol);
  }
  return [...seen];
}

/** The lines worth asking the server about: ones no symbol could ever be are answered here. */
export function symbolsToValidate(parsed: readonly string[]): string[] {
  return parsed.filter(isValidSymbol);
}

export type ImportPlan =
  | { kind: 'rejected'; message: string }
  | {
      kind: 'ready';
      /** Symbols to append to the list. */
      add: string[];
      /** Valid symbols the list already holds. */
      duplicates: string[];
      /** The question to ask first when some lines were invalid, else null. */
      confirm: string | null;
    };

/** What an import does once the server has said which of the file's symbols exist. */
export function planImport(
  parsed: readonly string[],
  valid: readonly string[],
  existing: readonly string[],
): ImportPlan {
  const known = new Set(parsed);
  // Only what the file asked for counts, however the server answers.
  const accepted = [...new Set(valid.map((s) => s.toUpperCase()))].filter((s) => known.has(s));
  if (accepted.length === 0) {
    const [only] = parsed;
    if (parsed.length === 1 && only !== undefined)
      return { kind: 'rejected', message: settingsMessages.symbolInvalid(only) };
    return { kind: 'rejected', message: settingsMessages.noValidSymbols };
  }
  const have = new Set(existing);
  return {
    kind: 'ready',
    add: accepted.filter((s) => !have.has(s)),
    duplicates: accepted.filter((s) => have.has(s)),
    confirm:
      accepted.length < parsed.length ? settingsMessages.someValid(accepted.length, parsed.length) : null,
  };
}

/** The list after an import: new symbols appended, cut at the list limit the config allows. */
export function mergeSymbols(
  existing: readonly string[],
  add: readonly string[],
  limit = CUSTOM_LIST_MAX,
): { list: string[]; dropped: number } {
  const have = new Set(existing);
  const fresh = add.filter((s) => !have.has(s));
  const list = [...existing, ...fresh].slice(0, Math.max(limit, existing.length));
  return { list, dropped: existing.length + fresh.length - list.length };
}
