// The trader's own charting site (issue 26 item 5): a URL template in the dashboard config that
// the Chart links out to, e.g. https://www.tradingview.com/chart/?symbol={symbol}.

// Core compiles without the DOM or Node types; WHATWG URL is global in both places it runs.
declare const URL: new (input: string) => { protocol: string; hostname: string };

export const CHART_LINK_SYMBOL = '{symbol}';
export const CHART_LINK_MAX_LENGTH = 300;

export const chartLinkMessages = {
  https: 'Use an https:// address.',
  symbol: 'Put {symbol} where the symbol goes.',
  tooLong: `Keep the address under ${CHART_LINK_MAX_LENGTH} characters.`,
} as const;

/** Why a template cannot be saved, or null: https only, with {symbol} in it. */
export function chartLinkProblem(template: string): string | null {
  if (template.length > CHART_LINK_MAX_LENGTH) return chartLinkMessages.tooLong;
  let url: { protocol: string; hostname: string };
  try {
    url = new URL(template.replaceAll(CHART_LINK_SYMBOL, 'SYMBOL'));
  } catch {
    return chartLinkMessages.https;
  }
  if (url.protocol !== 'https:' || url.hostname === '') return chartLinkMessages.https;
  if (!template.includes(CHART_LINK_SYMBOL)) return chartLinkMessages.symbol;
  return null;
}

/** The template with the symbol in it (encoded: BRK.B, class shares and the like stay one value). */
export function chartLinkUrl(template: string, symbol: string): string {
  return template.replaceAll(CHART_LINK_SYMBOL, encodeURIComponent(symbol));
}
