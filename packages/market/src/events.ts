// Normalized events: every feed adapter (simulator, replay, massive, alpaca) turns its wire
// format into these before they reach the engine, and the replay/record NDJSON uses them as is
// with a `type` tag.

/** One print. ts is ms since epoch (UTC). */
export interface TradeEvent {
  readonly sym: string;
  readonly price: number;
  readonly size: number;
  readonly ts: number;
  /** Sale conditions, normalized bits (conditions.ts `SaleCondition`); absent or 0 = regular. */
  readonly conditions?: number;
}

/** Trading status change: a halt (halted = true) or a resume, with the venue's reason code (e.g. LUDP). */
export interface StatusEvent {
  readonly sym: string;
  readonly halted: boolean;
  readonly reason: string;
  readonly ts: number;
}

/** Reference data per symbol, loaded before the session and refreshed at will. */
export interface ReferenceData {
  readonly sym: string;
  readonly name: string;
  /** One of the spec's sector codes (see SECTOR). */
  readonly sector: number;
  /** Shares in the float; NaN or 0 when unknown. */
  readonly float: number;
  /** Short interest ratio (days to cover). */
  readonly shortRatio: number;
  readonly optionable: boolean;
  /** Previous regular-session close. */
  readonly prevClose: number;
  /** Average daily volume. */
  readonly avgVolume: number;
  /** Listing exchange, e.g. NASDAQ, NYSE, AMEX, ARCA, OTC. */
  readonly exchange: string;
}

export type MarketEvent =
  | ({ readonly type: 'trade' } & TradeEvent)
  | ({ readonly type: 'status' } & StatusEvent);

/** A completed bar, used to seed history. start is the bar's aligned start (UTC ms). */
export interface Bar {
  readonly start: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  /** Σ price × size over the bar (money flow); when absent, typical price × volume is used. */
  readonly value?: number;
}
