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
  /** Members: user index and that user's rule id, side by side. */
  readonly users: number[] = [];
  readonly rules: number[] = [];
  /** Last fired high / low per engine symbol id. */
  readonly lastHigh = new Map<number, number>();
  readonly lastLow = new Map<number, number>();
  constructor(
    readonly key: string,
    readonly zone: StreamCategory,
    readonly dir: number,
    readonly rate: number,
    readonly source: Source,
  ) {}
}

export type Source =
  | { kind: 'range'; key: string; range: CompiledChannelRange }
  | { kind: 'popular'; key: string }
  | { kind: 'set'; key: string; symbols: readonly string[] };

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
  private readonly byUser = new Map<number, Watch[]>();
  /** Watches of symbol lists, by symbol. */
  readonly bySymbol = new Map<string, Watch[]>();
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
    for (const w of this.watches.values()) n += w.users.length;
    return n;
  }

  get distinctWatches(): number {
    return this.watches.size;
  }

  get distinctFilters(): number {
    return this.groups.size;
  }

  add(u: number, ruleId: number, category: StreamCategory, source: Source, rate: number): void {
    const dir = DIR_OF[category];
    const key = `${source.key}#${category}#${dir}#${rate}`;
    let w = this.watches.get(key);
    if (!w) {
      w = new Watch(key, category, dir, rate, source);
      this.watches.set(key, w);
      this.attach(w);
    }
    w.users.push(u);
    w.rules.push(ruleId);
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
      const k = w.users.indexOf(u);
      if (k < 0) continue;
      w.users.splice(k, 1);
      w.rules.splice(k, 1);
    }
  }

  /** Forgets the watches nobody is in any more. */
  prune(): void {
    for (const w of this.watches.values()) {
      if (w.users.length > 0) continue;
      this.watches.delete(w.key);
      this.detach(w);
    }
  }

  /** A new session: every watch is armed again. */
  resetState(): void {
    for (const w of this.watches.values()) {
      w.lastHigh.clear();
      w.lastLow.clear();
    }
  }

  private attach(w: Watch): void {
    const s = w.source;
    if (s.kind === 'popular') this.popular.push(w);
    else if (s.kind === 'set') {
      for (const sym of s.symbols) {
        const list = this.bySymbol.get(sym);
        if (list) list.push(w);
        else this.bySymbol.set(sym, [w]);
      }
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
        const list = this.bySymbol.get(sym);
        if (!list) continue;
        drop(list);
        if (list.length === 0) this.bySymbol.delete(sym);
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
