import type { AlertRule } from '@tapeline/core';

// Rules that watch one symbol, in struct-of-arrays slots, indexed by symbol: an event looks up
// its symbol once and walks only that symbol's rules. Each slot carries its own re-arm state
// (two numbers; their meaning depends on the type, see below).

export const T_TRADE = 0;
export const T_UV = 1;
export const T_VWAP = 2;
export const T_PRICE = 3;
/**
 * `b` of an edited uv/vwap/price rule: its next look only records where the figure stands, so
 * an edit never fires at once at the current level (docs/alerts.md "Editing a rule").
 */
export const SILENT_LOOK = 1;
export const TYPE_CODE: Readonly<Record<string, number>> = {
  trade: T_TRADE,
  uv: T_UV,
  vwap: T_VWAP,
  price: T_PRICE,
};

/** A symbol's rules: `trade` slots, and the uv/vwap/price slots read when the symbol trades. */
export interface SymbolWatch {
  readonly trade: number[];
  readonly move: number[];
}

export class SymbolRules {
  ruleId = new Float64Array(256);
  user = new Int32Array(256);
  type = new Uint8Array(256);
  rate = new Float64Array(256);
  /** trade: 1 when `rate` is a percent of the last fired price (core StepUnit 'percent'). */
  percent = new Uint8Array(256);
  /** `price` bounds, NaN when open. */
  low = new Float64Array(256);
  high = new Float64Array(256);
  /** trade: last fired high · price: fired step (signed, 0 armed) · uv/vwap: 1 while fired. */
  a = new Float64Array(256);
  /** trade: last fired low · uv/vwap/price: SILENT_LOOK after an edit, else NaN. */
  b = new Float64Array(256);
  readonly symbol: string[] = [];
  private used = 0;
  private readonly free: number[] = [];
  private readonly bySymbol = new Map<string, SymbolWatch>();
  private readonly byUser = new Map<number, number[]>();
  readonly counts = new Int32Array(4);

  watchOf(symbol: string): SymbolWatch | undefined {
    return this.bySymbol.get(symbol);
  }

  get size(): number {
    return this.used - this.free.length;
  }

  /** Adds user u's rule on `symbol`; `stash` restores the state of the same rule set before. */
  add(u: number, rule: AlertRule, symbol: string, stash: ReadonlyMap<string, [number, number]>): void {
    const type = TYPE_CODE[rule.type] as number;
    const slot = this.free.pop() ?? this.take();
    this.ruleId[slot] = rule.id;
    this.user[slot] = u;
    this.type[slot] = type;
    this.rate[slot] = rule.rate;
    this.percent[slot] = rule.unit === 'percent' ? 1 : 0;
    this.low[slot] = rule.low ?? Number.NaN;
    this.high[slot] = rule.high ?? Number.NaN;
    this.symbol[slot] = symbol;
    const kept = stash.get(this.signature(slot));
    const edited = kept ? undefined : stash.get(this.editKey(slot));
    if (kept) {
      this.a[slot] = kept[0];
      this.b[slot] = kept[1];
    } else if (edited && type === T_TRADE) {
      // The ladder goes on from the last fired high and low, now in the new step.
      this.a[slot] = edited[0];
      this.b[slot] = edited[1];
    } else {
      this.a[slot] = type === T_TRADE ? Number.NaN : 0;
      this.b[slot] = edited ? SILENT_LOOK : Number.NaN;
    }
    let w = this.bySymbol.get(symbol);
    if (!w) {
      w = { trade: [], move: [] };
      this.bySymbol.set(symbol, w);
    }
    (type === T_TRADE ? w.trade : w.move).push(slot);
    const mine = this.byUser.get(u);
    if (mine) mine.push(slot);
    else this.byUser.set(u, [slot]);
    this.counts[type] = (this.counts[type] as number) + 1;
  }

  /** Drops user u's rules; answers their re-arm state by signature, for `add` to restore. */
  removeUser(u: number): Map<string, [number, number]> {
    const stash = new Map<string, [number, number]>();
    const mine = this.byUser.get(u);
    if (!mine) return stash;
    this.byUser.delete(u);
    for (const slot of mine) {
      const state: [number, number] = [this.a[slot] as number, this.b[slot] as number];
      stash.set(this.signature(slot), state);
      stash.set(this.editKey(slot), state);
      const symbol = this.symbol[slot] as string;
      const w = this.bySymbol.get(symbol);
      if (w) {
        const list = this.type[slot] === T_TRADE ? w.trade : w.move;
        list.splice(list.indexOf(slot), 1);
        if (w.trade.length === 0 && w.move.length === 0) this.bySymbol.delete(symbol);
      }
      this.counts[this.type[slot] as number] = (this.counts[this.type[slot] as number] as number) - 1;
      this.user[slot] = -1;
      this.symbol[slot] = '';
      this.free.push(slot);
    }
    return stash;
  }

  /** A new session: every rule is armed again (yesterday's fired prices mean nothing today). */
  resetState(): void {
    for (let slot = 0; slot < this.used; slot++) {
      const trade = this.type[slot] === T_TRADE;
      this.a[slot] = trade ? Number.NaN : 0;
      this.b[slot] = Number.NaN;
    }
  }

  /** A rule is "the same" across setUser when nothing that decides its firing changed. */
  private signature(slot: number): string {
    return `${this.ruleId[slot]}|${this.type[slot]}|${this.symbol[slot]}|${this.rate[slot]}|${this.percent[slot]}|${this.low[slot]}|${this.high[slot]}`;
  }

  /** The same rule (id, type, symbol) with another rate or bounds: an edit. */
  private editKey(slot: number): string {
    return `edit|${this.ruleId[slot]}|${this.type[slot]}|${this.symbol[slot]}`;
  }

  private take(): number {
    if (this.used === this.ruleId.length) this.grow(this.used * 2);
    return this.used++;
  }

  private grow(n: number): void {
    const f64 = (x: Float64Array) => {
      const y = new Float64Array(n);
      y.set(x);
      return y;
    };
    this.ruleId = f64(this.ruleId);
    this.rate = f64(this.rate);
    this.low = f64(this.low);
    this.high = f64(this.high);
    this.a = f64(this.a);
    this.b = f64(this.b);
    const user = new Int32Array(n);
    user.set(this.user);
    this.user = user;
    const type = new Uint8Array(n);
    type.set(this.type);
    this.type = type;
    const percent = new Uint8Array(n);
    percent.set(this.percent);
    this.percent = percent;
  }
}
