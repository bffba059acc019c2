/** Wording of the Alert lab: outcome ledger, chart and backtest (issue 26). */
export const alertLabText = {
  marks: { m1: '1m', m5: '5m', m15: '15m', m30: '30m', close: 'close' },
  moves: 'What followed',
  pending: '…',
  outcomesTitle: 'How your alerts did',
  outcomesHelp: 'Fires of your last 30 sessions with an alert, and the price move after each.',
  outcomesNone: 'No fires recorded yet.',
  outcomesFailed: 'Outcomes are unavailable right now.',
  fires: (n: number) => (n === 1 ? '1 fire' : `${n} fires`),
  sessions: (n: number) => (n === 1 ? '1 session' : `${n} sessions`),
  upShare: (mark: string, share: number | null) =>
    share === null ? `${mark}: no moves yet` : `${mark}: ${Math.round(share * 100)}% up`,
  median: (value: string) => `median ${value}`,
  typeNames: {
    trade: 'High/Low',
    uv: 'Unusual volume',
    vwap: 'VWAP distance',
    price: 'Price',
    halt: 'Halts',
    filtered: 'Filtered alerts',
  } as Record<string, string>,
} as const;
