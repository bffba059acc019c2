/** Wording of the Meters widget. */
export const metersText = { unavailable: 'Meters unavailable', atr: 'ATR' } as const;
