import { quoteMessages } from '@tapeline/core';

/** The spec's quote toasts (§5, §8), word for word, from core. */
export const QUOTE_TOASTS = quoteMessages;

/** The Quote widget's own copy (labels and explanations are ours). */
export const quotesText = {
  widget: 'Favorite quotes',
  empty: 'No favorite quotes yet.',
  add: 'Add quotes',
  edit: 'Edit Quote',
  editShort: 'Edit',
  shortcutHint: 'Press / to edit quotes',
  loading: 'Loading quotes',
  slider: 'Quote cards',
  previous: 'Previous quotes',
  next: 'Next quotes',
  list: 'Quote list',
  showList: 'Show list',
  hideList: 'Hide list',
  sortTools: 'Sort',
  sortAlpha: 'A',
  sortAlphaLabel: 'Sort alphabetically',
  sortPercent: '%',
  sortPercentLabel: 'Sort by percent change',
  dragHandle: (symbol: string) => `Drag ${symbol} to reorder`,
  dragOff: 'Sorted view: clear the sort to reorder',
  pin: (symbol: string) => `Pin a price for ${symbol}`,
  pinField: (symbol: string) => `Pin price for ${symbol}`,
  pinPlaceholder: 'Price, Enter',
  pinInvalid: 'Enter a price above 0 and at most 1,000,000.',
  pinReset: (symbol: string) => `Reset pin for ${symbol}`,
  pinDistance: (percent: number) => `${percent > 0 ? '+' : ''}${percent.toFixed(2)}% to pin`,
  remove: (symbol: string) => `Remove ${symbol}`,
  high: 'H',
  low: 'L',
  // Edit Quote modal
  saved: 'Your quotes',
  adding: 'To add',
  noneSaved: 'No quotes saved yet.',
  addField: 'Add symbols',
  addHint: 'Type symbols; Enter, space or comma adds each.',
  removeChip: (symbol: string) => `Remove ${symbol}`,
  restoreChip: (symbol: string) => `Keep ${symbol}`,
  dropAdded: (symbol: string) => `Do not add ${symbol}`,
  count: (n: number, max: number) => `${n} / ${max}`,
  cancel: 'Cancel',
  save: 'Save',
  yes: 'Yes',
  no: 'No',
} as const;

export const formatPercent = (percent: number | null) =>
  percent === null ? '-' : `${percent > 0 ? '+' : ''}${percent.toFixed(2)}%`;
