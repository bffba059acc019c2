import { nyDay, SECTOR, type SessionDay } from '@tapeline/market';
import { isNum } from '../feed.ts';
import type { HistoryVendor, VendorSymbol } from '../history/backfill.ts';
import { type DailyBar, isoDate, type VendorBar } from '../history/buildHistory.ts';
import { type GetJson, mapLimit } from '../history/restClient.ts';
import { rfc3339ToMs } from './codes.ts';

// Alpaca REST, as documented:
//   trading API  GET /v2/assets?status=active&asset_class=us_equity
//     → [{symbol, name, exchange (AMEX, ARCA, BATS, NYSE, NASDAQ, NYSEARCA, OTC), status, tradable,
//        attributes: [… 'has_options' …]}]
//   market data  GET /v2/stocks/bars?symbols=A,B,…&timeframe=1Day|15Min&start=&end=&limit=10000
//                  &adjustment=split&feed=iex|sip&page_token=
//     → {bars: {SYM: [{t (RFC-3339, bar start), o, h, l, c, v, n, vw}]}, next_page_token}
//     sorted by symbol then time; `limit` counts bars across all symbols of the request, so one
//     symbol's bars may continue on the next page.
// Auth: APCA-API-KEY-ID / APCA-API-SECRET-KEY headers. The asset list has no sector (and no ETF
// flag); `has_options` gives optionable. A daily bar's `t` is New York midnight of its date.

const EXCHANGE: Readonly<Record<string, string>> = { NYSEARCA: 'ARCA' };
/** Requests in flight: Basic plans allow 200 a minute, so a few at a time with 429 retries. */
const CONCURRENCY = 4;
/** Symbols per bars request: 45 daily bars × 200 stays under one 10,000-bar page. */
const DAILY_BATCH = 200;
const INTRADAY_BATCH = 100;

const str = (x: unknown): x is string => typeof x === 'string' && x.length > 0;

function bar(r: unknown): VendorBar | null {
  if (typeof r !== 'object' || r === null) return null;
  const b = r as Record<string, unknown>;
  const t = str(b.t) ? rfc3339ToMs(b.t) : Number.NaN;
  if (!isNum(t) || !isNum(b.o) || !isNum(b.h) || !isNum(b.l) || !isNum(b.c) || !isNum(b.v)) return null;
  return isNum(b.vw)
    ? { t, o: b.o, h: b.h, l: b.l, c: b.c, v: b.v, vw: b.vw }
    : { t, o: b.o, h: b.h, l: b.l, c: b.c, v: b.v };
}

function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function alpacaHistory(
  dataUrl: string,
  tradingUrl: string,
  feed: 'iex' | 'sip',
  get: GetJson,
): HistoryVendor {
  /** Every page of one multi-symbol bars request, merged per symbol. */
  async function bars(symbols: readonly string[], timeframe: string, start: string, end: string) {
    const out = new Map<string, VendorBar[]>();
    let token: string | null = null;
    do {
      const q = new URLSearchParams({
        symbols: symbols.join(','),
        timeframe,
        start,
        end,
        limit: '10000',
        adjustment: 'split',
        feed,
      });
      if (token) q.set('page_token', token);
      const body = (await get(`${dataUrl}/v2/stocks/bars?${q}`)) as {
        bars?: unknown;
        next_page_token?: unknown;
      };
      const perSymbol =
        typeof body?.bars === 'object' && body.bars !== null ? (body.bars as Record<string, unknown>) : {};
      for (const [sym, list] of Object.entries(perSymbol)) {
        if (!Array.isArray(list)) continue;
        const got = list.map(bar).filter((b): b is VendorBar => b !== null);
        out.set(sym, [...(out.get(sym) ?? []), ...got]);
      }
      token = str(body?.next_page_token) ? body.next_page_token : null;
    } while (token);
    return out;
  }

  async function allBatches(
    symbols: readonly string[],
    size: number,
    fetch: (b: string[]) => Promise<Map<string, VendorBar[]>>,
  ) {
    const out = new Map<string, VendorBar[]>();
    for (const m of await mapLimit(batches(symbols, size), CONCURRENCY, fetch)) {
      for (const [sym, list] of m) if (list.length > 0) out.set(sym, list);
    }
    return out;
  }

  return {
    name: 'alpaca',
    async symbols() {
      const list = await get(`${tradingUrl}/v2/assets?status=active&asset_class=us_equity`);
      const out: VendorSymbol[] = [];
      for (const a of Array.isArray(list) ? list : []) {
        if (typeof a !== 'object' || a === null) continue;
        const r = a as Record<string, unknown>;
        if (!str(r.symbol) || (r.status !== undefined && r.status !== 'active')) continue;
        const exchange = str(r.exchange) ? (EXCHANGE[r.exchange] ?? r.exchange) : '';
        out.push({
          sym: r.symbol,
          name: str(r.name) ? r.name : r.symbol,
          exchange,
          sector: SECTOR.MISCELLANEOUS,
          optionable: Array.isArray(r.attributes) && r.attributes.includes('has_options'),
        });
      }
      return out;
    },
    async daily(sessions: readonly SessionDay[], symbols: readonly string[]) {
      const first = sessions[0];
      const last = sessions.at(-1);
      const out = new Map<string, DailyBar[]>();
      if (!first || !last) return out;
      const days = new Set(sessions.map((s) => s.day));
      const got = await allBatches(symbols, DAILY_BATCH, (b) =>
        bars(b, '1Day', isoDate(first), isoDate(last)),
      );
      for (const [sym, list] of got) {
        const daily = list.map((b) => ({ ...b, day: nyDay(b.t) })).filter((b) => days.has(b.day));
        if (daily.length > 0) out.set(sym, daily);
      }
      return out;
    },
    async intraday(from: SessionDay, now: number, symbols: readonly string[]) {
      const start = new Date(from.start).toISOString();
      const end = new Date(now).toISOString();
      return allBatches(symbols, INTRADAY_BATCH, (b) => bars(b, '15Min', start, end));
    },
  };
}
