// Exchange test symbols print real-looking trades; they must never reach a stream, a row or a
// symbol list.

export const TEST_SYMBOLS: readonly string[] = ['TEST', 'ZJZZT', 'ZOZZT', 'ZRZZT', 'ZVZZT', 'ZWZZT', 'ZXZZT'];

const set = new Set(TEST_SYMBOLS);

export function isTestSymbol(sym: string): boolean {
  return set.has(sym);
}
