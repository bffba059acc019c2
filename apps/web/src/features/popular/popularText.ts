/** Wording of the Popular widget. */
export const popularText = {
  empty: 'No popular symbols yet — symbols traders click and search show up here.',
  failed: 'Popular symbols are unavailable right now.',
  list: 'Popular symbols, most popular first',
} as const;
