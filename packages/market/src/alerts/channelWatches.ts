import type { StreamCategory, StreamChannel } from '@tapeline/core';
import { type CompiledChannelRange, compileChannelRange } from './channelRange.ts';

// Stream-category `trade` rules (primary_high … fav), grouped so an event costs one check per
// distinct channel filter, not one per user. A Watch is every rule with the same source (the
// compiled channel filter, the Popular list, or a symbol list), category, direction and rate:
// its members fire together, so the re-arm state (last fired high/low per symbol) is the
// watch's. Filter channels are grouped again by their compiled filter (RangeGroup), checked
// once per event; symbol lists (fav, custom) are indexed by symbol.

export const DIR_HIGH = 1;
export const DIR_LOW = 2;

export class Watch {
  /** Members: user index and that user's rule id, side by side in [0, n). */
  users = new Int32Array(4);
  rules = new Float64Array(4);
  n = 0;
  /**
   * Last fired high / low (NaN: armed), by state index: the engine symbol id for a filter or
   * Popular watch (grown on demand), the symbol's position in the list for a symbol-list watch.
   */
  high: Float64Array;
  low: Float64Array;
  constructor(
    readonly key: string,
    readonly zone: StreamCategory,
    readonly dir: number,
    readonly rate: number,
    readonly source: Source,
    /** `rate` is a percent of the last fired price (core StepUnit 'percent'). */
    readonly percent = false,
  ) {
    const size = source.kind === 'set' ? source.symbols.length : 0;
    this.high = new Float64Array(size).fill(Number.NaN);
    this.low = new Float64Array(size).fill(Number.NaN);
  }

  add(u: number, ruleId: number): void {
    if (this.n === this.users.length) {
      const users = new Int32Array(this.n * 2);
      users.set(this.users);
      const rules = new Float64Array(this.n * 2);
      rules.set(this.rules);
      this.users = users;
      this.rules = rules;
    }
    this.users[this.n] = u;
    this.rules[this.n] = ruleId;
    this.n++;
  }

  remove(u: number): void {
    const k = this.users.subarray(0, this.n).indexOf(u);
    if (k < 0) return;
    this.users.copyWithin(k, k + 1, this.n);
    this.rules.copyWithin(k, k + 1, this.n);
    this.n--;
  }

  /** Makes room for state index i (filter and Popular watches grow with the engine's ids). */
  reserve(i: number): void {
    if (i < this.high.length) return;
    const size = Math.max(1024, this.high.length * 2, i + 1);
    const high = new Float64Array(size).fill(Number.NaN);
    high.set(this.high);
    const low = new Float64Array(size).fill(Number.NaN);
    low.set(this.low);
    this.high = high;
    this.low = low;
  }
}

export type Source =
  | { kind: 'range'; key: string; range: CompiledChannelRange }
  | { kind: 'popular'; key: string }
  | { kind: 'set'; key: string; symbols: readonly string[] };

/** The symbol-list watches of one symbol and its position in each list (its state index). */
export interface SetHits {
  readonly watches: Watch[];
  readonly pos: number[];
}

export interface RangeGroup {
  readonly range: CompiledChannelRange;
  readonly high: Watch[];
  readonly low: Watch[];
}

const DIR_OF: Record<StreamCategory, number> = {
  primary_high: DIR_HIGH,
  primary_low: DIR_LOW,
  alt_high: DIR_HIGH,
  alt_low: DIR_LOW,
  popular: DIR_HIGH | DIR_LOW,
  fav: DIR_HIGH | DIR_LOW,
};

function setSource(symbols: readonly string[]): Source {
  const list = [...new Set(symbols)].sort();
  return { kind: 'set', key: `set:${list.join(',')}`, symbols: list };
}

/** What a category rule watches, or null when its channel shows nothing (type none). */
export function sourceOf(
  category: StreamCategory,
  channels: { main: StreamChannel; alt: StreamChannel },
  favorites: readonly string[],
  proPlus: boolean,
): Source | null {
  if (category === 'popular') return { kind: 'popular', key: 'popular' };
  if (category === 'fav') return setSource(favorites);
  const channel = category.startsWith('primary') ? channels.main : channels.alt;
  switch (channel.type) {
    case 'none':
      return null;
    case 'popular':
      return { kind: 'popular', key: 'popular' };
    case 'fav':
      return setSource(favorites);
    case 'custom':
      return setSource(channel.value.custom_view);
    case 'filter': {
      const range = compileChannelRange(channel.value, proPlus);
      return { kind: 'range', key: `range:${range.key}`, range };
    }
  }
}

export class ChannelWatches {
  private readonly watches = new Map<string, Watch>();
  /** Watches removeUser left without members, for prune. */
  private readonly emptied: Watch[] = [];
  private readonly byUser = new Map<number, Watch[]>();
  /** Watches of symbol lists, by symbol, with the symbol's position in each list. */
  readonly bySymbol = new Map<string, SetHits>();
  readonly popular: Watch[] = [];
  private readonly groups = new Map<string, RangeGroup>();
  /** Range groups with high (low) watches; rebuilt after a change. */
  highGroups: RangeGroup[] = [];
  lowGroups: RangeGroup[] = [];
  /** Whether any group of that direction reads ATR % (costly: read only then). */
  highNeedsAtr = false;
  lowNeedsAtr = false;

  get size(): number {
    let n = 0;
    for (const w of this.watches.values()) n += w.n;
    return n;
  }

  get distinctWatches(): number {
    return this.watches.size;
  }

  get distinctFilters(): number {
    return this.groups.size;
  }

  add(
    u: number,
    ruleId: number,
    category: StreamCategory,
    source: Source,
    rate: number,
    percent = false,
  ): void {
    const dir = DIR_OF[category];
    const key = `${source.key}#${category}#${dir}#${rate}${percent ? '%' : ''}`;
    let w = this.watches.get(key);
    if (!w) {
      w = new Watch(key, category, dir, rate, source, percent);
      this.watches.set(key, w);
      this.attach(w);
    }
    w.add(u, ruleId);
    const mine = this.byUser.get(u);
    if (mine) mine.push(w);
    else this.byUser.set(u, [w]);
  }

  /**
   * Drops user u from its watches. A watch left empty stays (with its re-arm state) until
   * `prune`, so a setUser that keeps a rule does not re-arm it.
   */
  removeUser(u: number): void {
    const mine = this.byUser.get(u);
    if (!mine) return;
    this.byUser.delete(u);
    for (const w of mine) {
      w.remove(u);
      if (w.n === 0) this.emptied.push(w);
    }
  }

  /** Forgets the watches nobody is in any more. */
  prune(): void {
    for (const w of this.emptied) {
      if (w.n > 0 || this.watches.get(w.key) !== w) continue;
      this.watches.delete(w.key);
      this.detach(w);
    }
    this.emptied.length = 0;
  }

  /** A new session: every watch is armed again. */
  resetState(): void {
    for (const w of this.watches.values()) {
      w.high.fill(Number.NaN);
      w.low.fill(Number.NaN);
    }
  }

  private attach(w: Watch): void {
    const s = w.source;
    if (s.kind === 'popular') this.popular.push(w);
    else if (s.kind === 'set') {
      s.symbols.forEach((sym, pos) => {
        let hits = this.bySymbol.get(sym);
        if (!hits) {
          hits = { watches: [], pos: [] };
          this.bySymbol.set(sym, hits);
        }
        hits.watches.push(w);
        hits.pos.push(pos);
      });
    } else {
      let g = this.groups.get(s.key);
      if (!g) {
        g = { range: s.range, high: [], low: [] };
        this.groups.set(s.key, g);
      }
      if (w.dir & DIR_HIGH) g.high.push(w);
      if (w.dir & DIR_LOW) g.low.push(w);
      this.regroup();
    }
  }

  private detach(w: Watch): void {
    const s = w.source;
    const drop = (list: Watch[]) => {
      const k = list.indexOf(w);
      if (k >= 0) list.splice(k, 1);
    };
    if (s.kind === 'popular') drop(this.popular);
    else if (s.kind === 'set') {
      for (const sym of s.symbols) {
        const hits = this.bySymbol.get(sym);
        if (!hits) continue;
        const k = hits.watches.indexOf(w);
        if (k >= 0) {
          hits.watches.splice(k, 1);
          hits.pos.splice(k, 1);
        }
        if (hits.watches.length === 0) this.bySymbol.delete(sym);
      }
    } else {
      const g = this.groups.get(s.key);
      if (!g) return;
      drop(g.high);
      drop(g.low);
      if (g.high.length === 0 && g.low.length === 0) this.groups.delete(s.key);
      this.regroup();
    }
  }

  private regroup(): void {
    const all = [...this.groups.values()];
    this.highGroups = all.filter((g) => g.high.length > 0);
    this.lowGroups = all.filter((g) => g.low.length > 0);
    this.highNeedsAtr = this.highGroups.some((g) => g.range.needsAtr);
    this.lowNeedsAtr = this.lowGroups.some((g) => g.range.needsAtr);
  }
}
