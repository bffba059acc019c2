/** The icon URL for a symbol from the configured template (SYMBOL_ICON_URL), or null without one. */
export function iconUrlFor(template: string | null | undefined, symbol: string): string | null {
  if (!template?.includes('{symbol}')) return null;
  return template.split('{symbol}').join(encodeURIComponent(symbol));
}

export interface Badge {
  letters: string;
  /** A hue 0–359, the same for a symbol on every screen and every visit. */
  hue: number;
}

/** FNV-1a: a cheap, well-spread hash, so neighbouring tickers get unrelated colours. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The lettered badge drawn when no icon is configured or the image fails: up to two letters. */
export function badgeFor(symbol: string): Badge {
  const letters =
    symbol
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 2)
      .toUpperCase() || '?';
  return { letters, hue: hash(symbol.toUpperCase()) % 360 };
}
