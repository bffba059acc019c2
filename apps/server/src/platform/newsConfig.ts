import { NEWS_SOURCE_NAMES, type NewsSourceName } from '@tapeline/core';
import { z } from 'zod';
import { ConfigError } from './configError.ts';
import type { Env } from './envSchema.ts';
import type { MarketFeedConfig } from './marketFeedConfig.ts';

// The news sources' settings (docs/quotes-news.md §3 "Sources"), read from the parsed environment
// once (config.ts). Source URLs are the operator's: tests point them at loopback fakes, so they
// are checked for shape only, never for where they lead.

const hasProtocol = (value: string, protocols: readonly string[]) => {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const httpUrl = (value: string) => hasProtocol(value, ['http:', 'https:']);

/** "a, b,,c " → ['a', 'b', 'c']. */
const commaList = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

const url = (protocols: readonly string[], rule: string) =>
  z
    .string()
    .trim()
    .refine((value) => hasProtocol(value, protocols), {
      error: (issue) => `must be ${rule} (got "${String(issue.input)}")`,
    });

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const n = Number(value);
      if (/^\d+$/.test(value) && n >= min && n <= max) return n;
      ctx.addIssue({ code: 'custom', message: `must be a whole number ${min}…${max} (got "${value}")` });
      return z.NEVER;
    });

/** Spread into config.ts's envSchema. */
export const newsEnvShape = {
  /** Comma-separated: simulated, rss, sec, alpaca, massive, or none. Default: see newsConfig. */
  NEWS_SOURCES: z
    .string()
    .trim()
    .transform((value, ctx) => {
      const names = commaList(value);
      if (names.length === 1 && names[0] === 'none') return [] as NewsSourceName[];
      const unknown = names.filter((name) => !(NEWS_SOURCE_NAMES as readonly string[]).includes(name));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be none or any of ${NEWS_SOURCE_NAMES.join(', ')} (got "${unknown.join(', ')}")`,
        });
        return z.NEVER;
      }
      return [...new Set(names)] as NewsSourceName[];
    })
    .optional(),
  /** The rss source's feeds: comma-separated http(s) URLs. */
  NEWS_FEEDS: z
    .string()
    .trim()
    .transform((value, ctx) => {
      const urls = commaList(value);
      const bad = urls.filter((u) => !httpUrl(u));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be http(s) URLs separated by commas (got "${bad[0]}")`,
        });
        return z.NEVER;
      }
      return urls;
    })
    .optional(),
  NEWS_POLL_SECONDS: wholeNumber(15, 3600).default(60),
  NEWS_BACKFILL_HOURS: wholeNumber(0, 168).default(24),
  NEWS_RETENTION_DAYS: wholeNumber(1, 3650).default(30),
  /** EDGAR refuses requests without a declared agent ("Company admin@company.com"). */
  SEC_USER_AGENT: z.string().trim().min(1).optional(),
  SEC_FEED_URL: url(['http:', 'https:'], 'an http(s) URL').default(
    'https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent&output=atom',
  ),
  SEC_TICKERS_URL: url(['http:', 'https:'], 'an http(s) URL').default(
    'https://www.sec.gov/files/company_tickers.json',
  ),
  SEC_FORMS: z
    .string()
    .trim()
    .transform((value, ctx) => {
      const forms = commaList(value);
      if (forms.length > 0 && forms.every((f) => /^[A-Z0-9][A-Z0-9 /-]{0,19}$/.test(f))) return forms;
      ctx.addIssue({ code: 'custom', message: `must be form types separated by commas (got "${value}")` });
      return z.NEVER;
    })
    .default(['8-K', '6-K', 'S-1', 'S-3', '424B', '10-Q', '10-K', 'SC 13D']),
  ALPACA_NEWS_WS_URL: url(['ws:', 'wss:'], 'a ws:// or wss:// URL').default(
    'wss://stream.data.alpaca.markets/v1beta1/news',
  ),
  ALPACA_NEWS_REST_URL: url(['http:', 'https:'], 'an http(s) URL').default(
    'https://data.alpaca.markets/v1beta1/news',
  ),
  MASSIVE_NEWS_URL: url(['http:', 'https:'], 'an http(s) URL').default(
    'https://api.massive.com/v2/reference/news',
  ),
};

export interface NewsConfig {
  /** The sources this node runs where the engine runs (ROLE all or engine); none on api nodes' behalf. */
  readonly sources: readonly NewsSourceName[];
  /** Said once where sources would run, when none does by default (no simulator feed). */
  readonly warning: string | null;
  readonly feeds: readonly string[];
  readonly pollMs: number;
  readonly backfillHours: number;
  readonly retentionDays: number;
  readonly sec: {
    readonly userAgent: string | null;
    readonly feedUrl: string;
    readonly tickersUrl: string;
    readonly forms: readonly string[];
  };
  readonly alpaca: {
    readonly keyId: string | null;
    readonly secretKey: string | null;
    readonly wsUrl: string;
    readonly restUrl: string;
  };
  readonly massive: { readonly apiKey: string | null; readonly url: string };
}

/** Whether MARKET_FEED names the simulator, on this node or on the engine process. */
const isSimulator = (market: MarketFeedConfig) =>
  (market.kind === 'feed' && market.feed.kind === 'simulator') ||
  (market.kind === 'remote' && market.feed === 'simulator');

/**
 * The sources and their settings. A source's requirements (keys, SEC_USER_AGENT, NEWS_FEEDS, the
 * simulator for `simulated`) fail the start naming the variable, as a feed's keys do; an api node
 * runs no source, so it does not ask for their keys (they may live on the engine's host only).
 */
export function newsConfig(env: Env, market: MarketFeedConfig): NewsConfig {
  const explicit = env.NEWS_SOURCES;
  const sources = explicit ?? (isSimulator(market) ? (['simulated'] as const) : []);
  const runsHere = env.ROLE !== 'api';
  const warning =
    explicit === undefined && sources.length === 0 && runsHere
      ? `NEWS_SOURCES is not set and MARKET_FEED=${market.name} is not the simulator: no news is ingested (set NEWS_SOURCES=rss,sec,alpaca,massive or none)`
      : null;
  if (runsHere) {
    const problems: string[] = [];
    const need = (ok: unknown, line: string) => {
      if (!ok) problems.push(line);
    };
    if (sources.includes('simulated')) {
      need(isSimulator(market), `NEWS_SOURCES: simulated needs MARKET_FEED=simulator (got "${market.name}")`);
    }
    if (sources.includes('rss'))
      need(env.NEWS_FEEDS?.length, 'NEWS_FEEDS: is required when NEWS_SOURCES has rss');
    if (sources.includes('sec'))
      need(env.SEC_USER_AGENT, 'SEC_USER_AGENT: is required when NEWS_SOURCES has sec');
    if (sources.includes('alpaca')) {
      need(env.ALPACA_KEY_ID, 'ALPACA_KEY_ID: is required when NEWS_SOURCES has alpaca');
      need(env.ALPACA_SECRET_KEY, 'ALPACA_SECRET_KEY: is required when NEWS_SOURCES has alpaca');
    }
    if (sources.includes('massive')) {
      need(env.MASSIVE_API_KEY, 'MASSIVE_API_KEY: is required when NEWS_SOURCES has massive');
    }
    if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return {
    sources,
    warning,
    feeds: env.NEWS_FEEDS ?? [],
    pollMs: env.NEWS_POLL_SECONDS * 1000,
    backfillHours: env.NEWS_BACKFILL_HOURS,
    retentionDays: env.NEWS_RETENTION_DAYS,
    sec: {
      userAgent: env.SEC_USER_AGENT ?? null,
      feedUrl: env.SEC_FEED_URL,
      tickersUrl: env.SEC_TICKERS_URL,
      forms: env.SEC_FORMS,
    },
    alpaca: {
      keyId: env.ALPACA_KEY_ID ?? null,
      secretKey: env.ALPACA_SECRET_KEY ?? null,
      wsUrl: env.ALPACA_NEWS_WS_URL,
      restUrl: env.ALPACA_NEWS_REST_URL,
    },
    massive: { apiKey: env.MASSIVE_API_KEY ?? null, url: env.MASSIVE_NEWS_URL },
  };
}
