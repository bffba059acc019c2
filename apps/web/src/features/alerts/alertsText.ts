/** Wording of the Alerts widget: the spec's toasts (word for word) and our labels. */
/** Spec §8, word for word. */
export const alertsMessages = {
  cleared: 'Alert history has been cleared',
  clearFailed: 'Failed to clear alert history',
} as const;

export const alertsText = {
  empty: 'No alerts yet — alerts you set up show up here when they fire.',
  failed: 'Alert history is unavailable right now.',
  clear: 'clear',
  clearQuestion: 'Clear your whole alert history? This cannot be undone.',
  clearConfirm: 'Clear',
  back: 'Back',
  list: 'Alert history, newest first',
  detail: 'Alert',
  printedAt: 'Print time',
  firedOn: 'fired it',
  figures: {
    price: 'Price',
    change: 'Change from prior close',
    uv: 'Unusual volume',
    vwap: 'Distance from VWAP',
    filter: 'Filter',
    reason: 'Halt reason',
  },
  count: (n: number) => (n === 1 ? '1 alert' : `${n} alerts`),
} as const;
