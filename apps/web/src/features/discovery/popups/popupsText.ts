/** Interface text of the Discovery popups the spec leaves to us (§8 messages come from core). */
export const popupsText = {
  volumeOf: (symbol: string) => `${symbol} volume history`,
  moneyFlowOf: (symbol: string) => `${symbol} money-flow history`,
  trendOf: (symbol: string) => `${symbol} trend`,
  /** The Trend and Actions cells' buttons. */
  trendButton: (symbol: string) => `Trend of ${symbol}`,
  addAlertFor: (symbol: string) => `Add alert for ${symbol}`,
  /** §2: the trend popup says BUY or SELL at a price. */
  buy: 'BUY',
  sell: 'SELL',
  at: 'at',
  alertMenuOf: (symbol: string) => `Add an alert for ${symbol}`,
  moreOptions: 'More options…',
  proOnly: 'Pro',
  close: 'Close',
} as const;
