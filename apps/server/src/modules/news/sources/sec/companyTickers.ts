import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Log } from '../../../../platform/log.ts';
import { expectOk, fetchText, parseJsonBody } from '../common/httpFetch.ts';

// CIK → tickers from SEC's company_tickers.json ({"0":{"cik_str":1234567,"ticker":"ACMB",
// "title":"Acme Bio Inc"}, …}), fetched at most daily and cached on disk (DATA_DIR/engine/news/)
// so a restart does not fetch it again. When a refresh fails the stale copy is used.

export const TICKERS_MAX_AGE_MS = 24 * 60 * 60_000;
const CACHE_FILE = 'company_tickers.json';

export interface CompanyTickers {
  /** Tickers of a CIK in the file's order, and the company's name. */
  get(cik: number): { tickers: string[]; title: string } | undefined;
}

interface Cached {
  fetchedAt: number;
  raw: unknown;
}

export function parseCompanyTickers(raw: unknown): CompanyTickers {
  const map = new Map<number, { tickers: string[]; title: string }>();
  if (raw && typeof raw === 'object') {
    for (const row of Object.values(raw as Record<string, unknown>)) {
      const r = row as { cik_str?: unknown; ticker?: unknown; title?: unknown };
      const cik = Number(r.cik_str);
      if (!Number.isInteger(cik) || typeof r.ticker !== 'string') continue;
      const known = map.get(cik);
      if (known) known.tickers.push(r.ticker);
      else map.set(cik, { tickers: [r.ticker], title: typeof r.title === 'string' ? r.title : '' });
    }
  }
  if (map.size === 0) throw new Error('company_tickers.json lists no company');
  return { get: (cik) => map.get(cik) };
}

export interface TickerLoaderOptions {
  url: string;
  userAgent: string;
  cacheDir: string;
  now: () => number;
  logger: Log;
}

/** Answers the current map, refreshing it when a day old; concurrent callers share one fetch. */
export function tickerLoader(o: TickerLoaderOptions) {
  let current: { at: number; map: CompanyTickers } | null = null;
  let loading: Promise<CompanyTickers> | null = null;
  /** After a failed refresh with a stale copy at hand, the next try waits an hour. */
  let retryAt = 0;
  const file = path.join(o.cacheDir, CACHE_FILE);

  const fromDisk = async (): Promise<{ at: number; map: CompanyTickers } | null> => {
    try {
      const cached = JSON.parse(await readFile(file, 'utf8')) as Cached;
      return { at: cached.fetchedAt, map: parseCompanyTickers(cached.raw) };
    } catch {
      return null;
    }
  };

  const refresh = async (signal: AbortSignal): Promise<CompanyTickers> => {
    if (!current) current = await fromDisk();
    if (current && o.now() - current.at < TICKERS_MAX_AGE_MS) return current.map;
    if (current && o.now() < retryAt) return current.map;
    try {
      const res = await fetchText(
        o.url,
        { 'user-agent': o.userAgent, accept: 'application/json' },
        { signal },
      );
      expectOk(res, 'company_tickers.json');
      const raw = parseJsonBody(res.body, 'company_tickers.json');
      const map = parseCompanyTickers(raw);
      const at = o.now();
      current = { at, map };
      await mkdir(o.cacheDir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, JSON.stringify({ fetchedAt: at, raw } satisfies Cached));
      await rename(temp, file);
      return map;
    } catch (error) {
      if (!current) throw error;
      retryAt = o.now() + 60 * 60_000;
      o.logger.warn(
        `sec: company tickers not refreshed (${(error as Error).message}); using the copy from ${new Date(current.at).toISOString()}`,
      );
      return current.map;
    }
  };

  return {
    get(signal: AbortSignal): Promise<CompanyTickers> {
      if (current && (o.now() - current.at < TICKERS_MAX_AGE_MS || o.now() < retryAt))
        return Promise.resolve(current.map);
      loading ??= refresh(signal).finally(() => {
        loading = null;
      });
      return loading;
    },
  };
}
