/** Interface text of the symbol overlays the spec leaves to us (messages come from core). */
export const symbolText = {
  menuLabel: (symbol: string) => `${symbol} actions`,
  copy: 'Copy symbol',
  copied: (symbol: string) => `${symbol} copied`,
  chart: 'Chart',
  moneyFlow: 'Money flow',
  volume: 'Volume',
  addAlert: 'Add alert',
  panelTitle: { moneyFlow: 'Money flow', volume: 'Volume' },
  timeframe: 'Timeframe',
  value: { moneyFlow: 'Money flow', volume: 'Volume' },
  change: 'Change',
  close: 'Close',
  loading: 'Loading…',
  unknownName: 'Company name unavailable',
} as const;
