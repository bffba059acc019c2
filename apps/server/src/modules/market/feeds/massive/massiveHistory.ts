import { SECTOR, type SessionDay } from '@tapeline/market';
import { isNum } from '../feed.ts';
import type { HistoryVendor, SymbolDetails, VendorSymbol } from '../history/backfill.ts';
import { type DailyBar, isoDate, type VendorBar } from '../history/buildHistory.ts';
import { type GetJson, mapLimit } from '../history/restClient.ts';
import { sicSector } from '../history/sicSectors.ts';

// Massive (formerly Polygon.io) REST, as documented:
//   GET /v3/reference/tickers?market=stocks&active=true&limit=1000, following `next_url`
//     → {status, count, next_url?, results: [{ticker, name, market, locale, primary_exchange (MIC),
//        type (CS, ETF, ADRC, …), active}]}
//   GET /v2/aggs/grouped/locale/us/market/stocks/{YYYY-MM-DD}?adjusted=true (one per session)
//     → {status, queryCount, resultsCount, adjusted, results: [{T, o, h, l, c, v, vw, n, t}]}
//   GET /v2/aggs/ticker/{T}/range/15/minute/{from}/{to}?adjusted=true&sort=asc&limit=50000
//     → {ticker, status, resultsCount, results: [{o, h, l, c, v, vw, n, t (window start, ms)}], next_url?}
//   GET /v3/reference/tickers/{T} → {status, results: {ticker, name, sic_code, sic_description,
//        market_cap, share_class_shares_outstanding, weighted_shares_outstanding, …}}
// Auth: `Authorization: Bearer <key>` (the key stays out of URLs and their logs). Split-adjusted,
// so a split is not an ATR spike. The list carries no sector: ETF and ADR types map to theirs,
// the details' SIC code gives the rest (sicSectors.ts) and their share-class shares the float.

/** Listing exchanges by MIC, in the names the engine uses. */
const MIC: Readonly<Record<string, string>> = {
  XNAS: 'NASDAQ',
  XNYS: 'NYSE',
  XASE: 'AMEX',
  ARCX: 'ARCA',
  BATS: 'BATS',
  XNGS: 'NASDAQ',
  XNCM: 'NASDAQ',
  XNMS: 'NASDAQ',
};
const TYPE_SECTOR: Readonly<Record<string, number>> = { ETF: SECTOR.ETF, ADRC: SECTOR.ADR };
/** Concurrent requests (Massive's paid plans have no per-minute cap). */
const CONCURRENCY = 16;

const str = (x: unknown): x is string => typeof x === 'string' && x.length > 0;

function bar(r: Record<string, unknown>): VendorBar | null {
  if (!isNum(r.t) || !isNum(r.o) || !isNum(r.h) || !isNum(r.l) || !isNum(r.c) || !isNum(r.v)) return null;
  return isNum(r.vw)
    ? { t: r.t, o: r.o, h: r.h, l: r.l, c: r.c, v: r.v, vw: r.vw }
    : { t: r.t, o: r.o, h: r.h, l: r.l, c: r.c, v: r.v };
}

function results(body: unknown): Record<string, unknown>[] {
  const r = (body as { results?: unknown } | null)?.results;
  return Array.isArray(r)
    ? r.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null)
    : [];
}

function nextUrl(body: unknown): string | null {
  const n = (body as { next_url?: unknown } | null)?.next_url;
  return str(n) ? n : null;
}

export function massiveHistory(restUrl: string, get: GetJson): HistoryVendor {
  /** Every page of a paged answer; `next_url` is absolute on the vendor's host, kept on ours. */
  async function pages(first: string): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    let url: string | null = first;
    while (url) {
      const body = await get(url);
      out.push(...results(body));
      const next = nextUrl(body);
      url = next ? `${restUrl}${new URL(next, restUrl).pathname}${new URL(next, restUrl).search}` : null;
    }
    return out;
  }

  return {
    name: 'massive',
    async symbols() {
      const rows = await pages(`${restUrl}/v3/reference/tickers?market=stocks&active=true&limit=1000`);
      const out: VendorSymbol[] = [];
      for (const r of rows) {
        if (!str(r.ticker) || r.active === false) continue;
        out.push({
          sym: r.ticker,
          name: str(r.name) ? r.name : r.ticker,
          exchange:
            (str(r.primary_exchange) && MIC[r.primary_exchange]) ||
            (str(r.primary_exchange) ? r.primary_exchange : ''),
          sector: (str(r.type) && TYPE_SECTOR[r.type]) || SECTOR.MISCELLANEOUS,
          optionable: false,
        });
      }
      return out;
    },
    async daily(sessions: readonly SessionDay[], symbols: readonly string[]) {
      const wanted = new Set(symbols);
      const out = new Map<string, DailyBar[]>();
      const perDay = await mapLimit(sessions, CONCURRENCY, async (s) => ({
        s,
        rows: results(
          await get(`${restUrl}/v2/aggs/grouped/locale/us/market/stocks/${isoDate(s)}?adjusted=true`),
        ),
      }));
      for (const { s, rows } of perDay) {
        for (const r of rows) {
          const b = bar(r);
          if (!str(r.T) || !b || !wanted.has(r.T)) continue;
          const list = out.get(r.T) ?? [];
          if (list.length === 0) out.set(r.T, list);
          list.push({ ...b, day: s.day });
        }
      }
      return out;
    },
    async intraday(from: SessionDay, now: number, symbols: readonly string[]) {
      const to = new Date(now).toISOString().slice(0, 10);
      const out = new Map<string, VendorBar[]>();
      await mapLimit(symbols, CONCURRENCY, async (sym) => {
        const rows = await pages(
          `${restUrl}/v2/aggs/ticker/${encodeURIComponent(sym)}/range/15/minute/${isoDate(from)}/${to}?adjusted=true&sort=asc&limit=50000`,
        );
        const bars = rows.map(bar).filter((b): b is VendorBar => b !== null && b.t <= now);
        if (bars.length > 0) out.set(sym, bars);
      });
      return out;
    },
    async details(symbols: readonly string[]) {
      const out = new Map<string, SymbolDetails>();
      await mapLimit(symbols, CONCURRENCY, async (sym) => {
        const r = (await get(`${restUrl}/v3/reference/tickers/${encodeURIComponent(sym)}`)) as {
          results?: Record<string, unknown>;
        } | null;
        const d = r?.results;
        if (typeof d !== 'object' || d === null) return;
        const shares = isNum(d.share_class_shares_outstanding)
          ? d.share_class_shares_outstanding
          : isNum(d.weighted_shares_outstanding)
            ? d.weighted_shares_outstanding
            : Number.NaN;
        out.set(sym, { sector: sicSector(d.sic_code), float: shares });
      });
      return out;
    },
  };
}
