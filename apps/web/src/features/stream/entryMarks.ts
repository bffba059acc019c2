import type { DashboardConfig, StreamEntry } from '@tapeline/core';

const HOUR_MS = 3_600_000;

export interface MarkContext {
  optionable: ReadonlySet<string>;
  optionsMode: DashboardConfig['optionsMode'];
  news: DashboardConfig['news'];
  now: number;
}

/**
 * What a stream row shows beside its symbol: ° for optionable (mode Icon), a news mark. Under
 * hide_rf the mark reads the latest story (element 11, filings left out), else any article.
 */
export function marksOf(entry: StreamEntry, ctx: MarkContext): { option: boolean; news: boolean } {
  const newsAt = ctx.news.hide_rf ? entry.storyTime : entry.newsTime;
  const recent =
    ctx.news.icon &&
    ctx.news.recency > 0 &&
    newsAt !== null &&
    ctx.now - newsAt <= ctx.news.recency * HOUR_MS;
  return { option: ctx.optionsMode === 'icon' && ctx.optionable.has(entry.symbol), news: recent };
}

/** Options mode Filter shows optionable symbols only; Off and Icon show every symbol. */
export function passesOptionsMode(
  symbol: string,
  ctx: Pick<MarkContext, 'optionable' | 'optionsMode'>,
): boolean {
  return ctx.optionsMode !== 'filter' || ctx.optionable.has(symbol);
}
