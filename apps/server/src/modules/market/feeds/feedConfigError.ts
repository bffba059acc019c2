/**
 * A feed setting that proves wrong only when the feed runs (a replay or MARKET_SYMBOLS file that
 * cannot be read); the message starts with the variable's name. Settings themselves are checked
 * once, at start, by platform/config.ts.
 */
export class FeedConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable} ${problem}`);
    this.name = 'FeedConfigError';
  }
}
