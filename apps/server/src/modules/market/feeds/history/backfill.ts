import path from 'node:path';
import { type ReferenceData, SECTOR, type SessionDay } from '@tapeline/market';
import type { HistorySettings } from '../../../../platform/config.ts';
import type { Log } from '../../../../platform/log.ts';
import type { FeedSink } from '../feed.ts';
import {
  buildHistory,
  currentSession,
  type DailyBar,
  sessionsBefore,
  type VendorBar,
} from './buildHistory.ts';
import { cachedDetails } from './detailsCache.ts';

// The start of a real feed with history (docs/continuity.md §5), the same for every vendor:
// 1. the vendor's symbol list, merged with MARKET_SYMBOLS (which wins per symbol);
// 2. daily bars of the last HISTORY_SESSIONS completed sessions;
// 3. 15-minute bars of the prior session and today so far for the HISTORY_INTRADAY_MAX symbols
//    with the most dollar volume, and the vendor's per-symbol details (sector, float) for them;
// then one `sink.reference` (prior close and average volume from the daily bars) and one
// `sink.history`, all before the websocket connects, so the first live print lands on a full
// history. A vendor error leaves the feed on MARKET_SYMBOLS and live bars, as without backfill.

/** What a vendor's list says about a symbol (name, listing exchange, sector where it has one). */
export interface VendorSymbol {
  sym: string;
  name: string;
  exchange: string;
  /** Spec sector code when the vendor tells (ETF 82, ADR 81), else MISCELLANEOUS. */
  sector: number;
  optionable: boolean;
}

export interface HistoryVendor {
  readonly name: string;
  symbols(): Promise<VendorSymbol[]>;
  /** Daily bars of these sessions (oldest first) for these symbols. */
  daily(sessions: readonly SessionDay[], symbols: readonly string[]): Promise<Map<string, DailyBar[]>>;
  /** 15-minute bars from `from`'s 04:00 up to `now` for these symbols. */
  intraday(from: SessionDay, now: number, symbols: readonly string[]): Promise<Map<string, VendorBar[]>>;
  /**
   * Per-symbol details where the vendor has them (Massive: SIC sector, shares outstanding); one
   * call per symbol, so asked only for the symbols that get intraday bars.
   */
  details?(symbols: readonly string[]): Promise<Map<string, SymbolDetails>>;
}

export interface SymbolDetails {
  /** Spec sector code; MISCELLANEOUS when the vendor's code maps to none. */
  sector: number;
  /** Shares (free float when known, else outstanding); NaN when unknown. */
  float: number;
}

export interface BackfillResult {
  symbols: number;
  withDaily: number;
  withIntraday: number;
}

function merge(
  vendor: VendorSymbol | undefined,
  details: SymbolDetails | undefined,
  own: ReferenceData | undefined,
  sym: string,
): ReferenceData {
  if (own) return own;
  const listed = vendor?.sector ?? SECTOR.MISCELLANEOUS;
  return {
    sym,
    name: vendor?.name ?? sym,
    // The list's own type (ETF, ADR) wins over the issuer's industry.
    sector: listed === SECTOR.MISCELLANEOUS && details ? details.sector : listed,
    float: details?.float ?? Number.NaN,
    shortRatio: Number.NaN,
    optionable: vendor?.optionable ?? false,
    prevClose: Number.NaN,
    avgVolume: Number.NaN,
    exchange: vendor?.exchange ?? '',
  };
}

export async function backfill(
  vendor: HistoryVendor,
  own: readonly ReferenceData[],
  settings: HistorySettings,
  now: number,
  sink: FeedSink,
  logger: Log,
): Promise<BackfillResult> {
  const listed = await vendor.symbols();
  const byVendor = new Map(listed.map((v) => [v.sym, v]));
  const byOwn = new Map(own.map((r) => [r.sym, r]));
  const syms = [...new Set([...byVendor.keys(), ...byOwn.keys()])];

  const current = currentSession(now);
  // An ended session is complete; a running one is today's intraday.
  const last = current.live ? sessionsBefore(current.session, 1)[0] : current.session;
  const daySessions = last ? [...sessionsBefore(last, settings.sessions - 1), last] : [];
  const daily =
    daySessions.length > 0 ? await vendor.daily(daySessions, syms) : new Map<string, DailyBar[]>();

  // Intraday for the most traded symbols: dollar volume of their last daily bar.
  const ranked = [...daily.entries()]
    .map(([sym, bars]) => {
      const b = bars.at(-1);
      return { sym, dollars: b ? b.c * b.v : 0 };
    })
    .sort((a, b) => b.dollars - a.dollars)
    .slice(0, settings.intradayMax)
    .map((x) => x.sym);
  const intraday =
    ranked.length > 0 && last ? await vendor.intraday(last, now, ranked) : new Map<string, VendorBar[]>();
  const wantDetails = ranked.filter((sym) => !byOwn.has(sym));
  const details =
    vendor.details && wantDetails.length > 0
      ? await cachedDetails(
          vendor.details.bind(vendor),
          path.join(settings.cacheDir, `reference-${vendor.name}.json`),
          wantDetails,
          now,
          logger,
        )
      : new Map<string, SymbolDetails>();

  const history = new Map<string, { daily: DailyBar[]; intraday: VendorBar[] }>();
  for (const sym of syms) {
    const d = daily.get(sym) ?? [];
    const i = intraday.get(sym) ?? [];
    if (d.length > 0 || i.length > 0) history.set(sym, { daily: d, intraday: i });
  }
  const built = buildHistory(history, now);
  sink.reference(
    syms.map((sym) => {
      const ref = merge(byVendor.get(sym), details.get(sym), byOwn.get(sym), sym);
      const derived = built.derived.get(sym);
      // MARKET_SYMBOLS figures stay when given; the bars fill what it leaves unknown.
      if (!derived || byOwn.has(sym)) return ref;
      return { ...ref, prevClose: derived.prevClose, avgVolume: derived.avgVolume };
    }),
  );
  sink.history?.(built.source);
  const result = { symbols: syms.length, withDaily: daily.size, withIntraday: intraday.size };
  logger.info(
    `${vendor.name}: history for ${result.withDaily} of ${result.symbols} symbols (${daySessions.length} sessions), intraday for ${result.withIntraday}`,
  );
  return result;
}

/**
 * Backfill, or MARKET_SYMBOLS alone when it is off or the vendor fails (logged): a live feed
 * without history is still a feed.
 */
export async function startReference(
  vendor: HistoryVendor | null,
  own: readonly ReferenceData[],
  settings: HistorySettings | undefined,
  now: number,
  sink: FeedSink,
  logger: Log,
): Promise<void> {
  if (vendor && settings?.backfill) {
    try {
      await backfill(vendor, own, settings, now, sink, logger);
      return;
    } catch (error) {
      logger.warn(`${vendor.name}: history backfill failed, live bars only: ${(error as Error).message}`);
    }
  }
  sink.reference(own);
}
