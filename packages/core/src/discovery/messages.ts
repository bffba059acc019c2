// Every Discovery message of the discovery spec §8, word for word.

/** The names of the alert types as the table's alert messages write them (§8 "X"). */
export const TABLE_ALERT_NAMES = {
  trade: 'Trade',
  uv: 'Unusual volume',
  vwap: 'vWAPDist',
  price: 'Price',
  hilo: 'Hi/low',
} as const;
export type TableAlertType = keyof typeof TABLE_ALERT_NAMES;

export const discoveryMessages = {
  upgrade: 'Only available with Pro plan - Upgrade?',
  upgradePath: '/profile/plan',
  noResults: 'NO RESULTS FOUND',
  clearFilters: 'CLEAR FILTERS',
  dataUnavailable: 'Data unavailable.',
  filtersSaveFailed: 'Failed to update discovery filters',
  filterNameTaken: 'A filter already exists with the same name',
  namesFailed: 'Failed to fetch stock names!',
  settingsFailed: 'Failed to get settings',
  layoutSaveFailed: 'Failed to update layout changes',
  alertAdded: (x: string, symbol: string) => `${x} alert added for ${symbol}`,
  alertExists: (x: string, symbol: string) => `${x} alert for ${symbol} is already registered!`,
  alertFailed: (x: string, symbol: string) => `Failed to register ${x} alert for ${symbol}`,
  /** 'Add row' link and 'conditions met' label of the smart-filter modal (§2). */
  addRow: 'Add row',
  conditionsMet: 'conditions met',
} as const;
