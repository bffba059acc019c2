/** The most favourite quotes a trader keeps (spec §5, §9). */
export const QUOTES_MAX = 75;
/** The list refreshes every 60 s; reorders are saved 2 s after the last change (§4, §9). */
export const QUOTES_REFRESH_MS = 60_000;
export const QUOTES_ORDER_SAVE_MS = 2000;
/** The sort tool closes itself 10 s after it opened or was last used (§2, §9). */
export const QUOTES_SORT_CLOSE_MS = 10_000;
/** The edit modal widens past this many listed symbols (§2). */
export const QUOTES_WIDE_LIST = 100;
/** Live prices reach a tab at most once a second. */
export const QUOTES_TICK_MS = 1000;

/** Every quotes toast of spec §8 (and §5's save-without-change), word for word. */
export const quoteMessages = {
  fetchFailed: 'Failed to get favorite stocks!',
  updated: 'Quotes has been updated!',
  updateFailed: 'Failed to update quotes!',
  emptySymbol: 'No symbols found to be added or deleted.',
  somethingWrong: 'Something went wrong.',
  overLimit: "You can't have more than 75 quotes.",
  removeFailed: (symbol: string) => `Failed to remove ${symbol} from favorites!`,
  pinResetFailed: (symbol: string) => `Failed to reset pin price for ${symbol}!`,
  orderFailed: 'Failed to update quotes order',
  noChange: 'No symbols added or deleted to save!',
  /** Server answers (not toasts of §8). */
  notListed: (symbol: string) => `${symbol} is not in your quotes`,
  pinInvalid: 'Pin must be a price above 0 and at most 1,000,000, or null to reset',
} as const;

/**
 * '{symbol} is invalid or duplicated' (§8): the first two joined by ', ', then ' and N other
 * symbols' past two; invalids first. Null when there is nothing to report.
 */
export function invalidOrDuplicated(
  invalids: readonly string[],
  duplicates: readonly string[],
): string | null {
  const all = [...invalids, ...duplicates];
  if (all.length === 0) return null;
  const shown = all.slice(0, 2).join(', ');
  const rest = all.length - 2;
  return `${rest > 0 ? `${shown} and ${rest} other symbols` : shown} is invalid or duplicated`;
}

/** How far price must move to reach the pin, in % of price, 2 decimals; null without either. */
export function pinPercent(pin: number | null, price: number | null): number | null {
  if (pin == null || price == null || !(price > 0) || !(pin > 0)) return null;
  return Math.round((pin / price - 1) * 10_000) / 100;
}
