import type { DiscoveryDisplay, OptionsMode, StreamChannelType } from '@tapeline/core';
import type { SettingsTab } from './settingsTabs.ts';

/**
 * Wording of the settings page. The toasts and questions are the spec's own (§4, §5, §8) and
 * must stay word for word; the labels and explanations are ours.
 */
export const settingsMessages = {
  channelDisabled: 'Channel disabled',
  noAdditionalSettings: 'No additional settings required',
  fileTypeInvalid: 'File type is invalid',
  noValidSymbols: 'No valid symbols found in the CSV file',
  importFailed: 'Failed to import symbols',
  addFailed: 'Failed to add symbol',
  symbolInvalid: (symbol: string) => `Symbol ${symbol} is invalid`,
  alreadyImported: (symbols: readonly string[]) => `You already have ${symbols.join(', ')} imported`,
  someValid: (valid: number, total: number) =>
    `${valid} of ${total} symbols are valid. Do you want to proceed?`,
} as const;

export const settingsText = {
  chartLink: 'Charting site',
  chartLinkLabel: 'Chart link',
  chartLinkExample: 'https://www.tradingview.com/chart/?symbol={symbol}',
  chartLinkHint:
    'An https address with {symbol} where the symbol goes; the Chart links to it. Empty: no link.',
  title: 'Settings',
  intro: 'Changes save automatically.',
  sections: 'Settings sections',
  channels: 'Stream channels',
  yes: 'Yes',
  no: 'No',
  cancel: 'Cancel',
  save: 'Save',

  optionsMode: 'Options display',
  optionsModeHint: 'How symbols with listed options are marked in streams.',
  news: 'News',
  newsIcon: 'Show news icon',
  newsIconHint: 'Marks symbols with recent news in streams.',
  recency: 'News recency',
  recencyHint: 'How old news may be and still mark a symbol. 0 turns the mark off.',
  hideFilings: 'Hide SEC filings',
  hideFilingsHint: 'Leaves regulatory filings out of the news marks.',
  halts: 'Halts strip',
  haltsAge: 'Hide halts older than',
  haltsAgeHint: 'Halts and resumes older than this leave the Stream widgets’ strip. 0 hides every halt.',
  haltsAgeValue: (minutes: number) => (minutes === 0 ? 'Hide all' : `${minutes} min`),
  haltsLength: 'Longest symbol shown',
  haltsLengthHint: 'Leaves out longer symbols, such as five-letter warrants and units. Any shows all.',
  haltsLengthValue: (length: number) => (length === 0 ? 'Any' : `${length} letters`),

  channelType: 'Channel type',
  filters: 'Filters',
  industries: 'Industries',
  all: 'All',
  none: 'None',
  minimum: 'Min',
  maximum: 'Max',
  any: 'Any',

  symbols: 'Symbols',
  noSymbols: 'No symbols yet. Add one, or import a CSV file with one symbol per line.',
  addSymbol: 'Add Symbol',
  editSymbols: 'Edit Symbols',
  symbol: 'Symbol',
  add: 'Add',
  remove: (symbol: string) => `Remove ${symbol}`,
  removeAll: 'Remove all',
  listFull: (limit: number) => `A list holds at most ${limit} symbols; the rest were left out.`,

  discoveryTitle: 'Discovery columns',
} as const;

export const discoveryTabText = {
  columnsHint: 'Choose which Discovery columns show, and whether Last, ATR and Gap show % or $.',
  show: (label: string) => `Show ${label}`,
  display: (label: string) => `${label} display`,
  alwaysShown: 'Always shown',
  displayNames: { '%': '%', $: '$' } satisfies Record<DiscoveryDisplay, string>,
} as const;

export const CHANNEL_TYPE_LABELS: Readonly<Record<StreamChannelType, string>> = {
  none: 'None',
  popular: 'Popular',
  fav: 'Favorites',
  filter: 'Filter',
  custom: 'Custom',
};

export const OPTIONS_MODE_LABELS: Readonly<Record<OptionsMode, string>> = {
  off: 'Off',
  icon: 'Icon',
  filter: 'Filter',
};

export const TAB_LABELS: Readonly<Record<SettingsTab, string>> = {
  general: 'General',
  stream: 'Stream',
  discovery: 'Discovery',
  notifications: 'Notifications',
};
