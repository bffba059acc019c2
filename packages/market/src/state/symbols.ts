import type { ReferenceData } from '../events.ts';
import { normalizeSector } from '../sectors.ts';
import { isTestSymbol } from '../testSymbols.ts';
import { ColumnGroup, type ColumnSpec } from './columns.ts';

// Dense ids: a symbol gets the next integer the first time it is seen and keeps it for the
// life of the engine, so every other table is a plain array indexed by id.

const SPECS: readonly ColumnSpec[] = [
  { name: 'float', kind: 'f64', stride: 1, fill: Number.NaN },
  { name: 'shortRatio', kind: 'f64', stride: 1, fill: Number.NaN },
  { name: 'prevClose', kind: 'f64', stride: 1, fill: Number.NaN },
  { name: 'avgVolume', kind: 'f64', stride: 1, fill: Number.NaN },
  /** Latest news time of any kind (ms). */
  { name: 'newsTs', kind: 'f64', stride: 1, fill: Number.NaN },
  /** Latest news time without regulatory filings (ms): what `hide_rf` marks by. */
  { name: 'storyTs', kind: 'f64', stride: 1, fill: Number.NaN },
  { name: 'sector', kind: 'u8', stride: 1, fill: 99 },
  { name: 'optionable', kind: 'u8', stride: 1, fill: 0 },
  { name: 'trending', kind: 'u8', stride: 1, fill: 0 },
  { name: 'exchange', kind: 'i32', stride: 1, fill: 0 },
];

/** Interns short strings (exchanges, halt reasons) as small integers. */
export class Interner {
  readonly values: string[] = [''];
  private readonly ids = new Map<string, number>([['', 0]]);

  id(s: string): number {
    let i = this.ids.get(s);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(s);
      this.ids.set(s, i);
    }
    return i;
  }

  static from(values: readonly string[]): Interner {
    const t = new Interner();
    for (const v of values) t.id(v);
    return t;
  }
}

export class SymbolTable {
  readonly cols: ColumnGroup;
  float!: Float64Array;
  shortRatio!: Float64Array;
  prevClose!: Float64Array;
  avgVolume!: Float64Array;
  newsTs!: Float64Array;
  storyTs!: Float64Array;
  sector!: Uint8Array;
  optionable!: Uint8Array;
  trending!: Uint8Array;
  exchange!: Int32Array;

  readonly symbols: string[] = [];
  readonly names: string[] = [];
  exchanges = new Interner();
  private readonly ids = new Map<string, number>();
  capacity: number;

  /** onGrow lets the owner grow its other per-symbol tables in step. */
  constructor(
    capacity: number,
    private readonly onGrow: (capacity: number) => void,
  ) {
    this.capacity = Math.max(1, capacity);
    this.cols = new ColumnGroup(this, SPECS);
    this.cols.allocate(this.capacity);
  }

  get count(): number {
    return this.symbols.length;
  }

  /** Id of a symbol, or −1 when unknown. */
  idOf(sym: string): number {
    return this.ids.get(sym) ?? -1;
  }

  /** Id of a symbol, adding it if new; −1 for test symbols and empty names. */
  intern(sym: string): number {
    const known = this.ids.get(sym);
    if (known !== undefined) return known;
    if (sym.length === 0 || isTestSymbol(sym)) return -1;
    const id = this.symbols.length;
    if (id >= this.capacity) {
      this.capacity *= 2;
      this.cols.grow(this.capacity);
      this.onGrow(this.capacity);
    }
    this.symbols.push(sym);
    this.names.push('');
    this.ids.set(sym, id);
    return id;
  }

  setReference(ref: ReferenceData): number {
    const id = this.intern(ref.sym);
    if (id < 0) return id;
    this.names[id] = ref.name;
    this.sector[id] = normalizeSector(ref.sector);
    this.float[id] = ref.float > 0 ? ref.float : Number.NaN;
    this.shortRatio[id] = Number.isFinite(ref.shortRatio) ? ref.shortRatio : Number.NaN;
    this.optionable[id] = ref.optionable ? 1 : 0;
    this.prevClose[id] = ref.prevClose > 0 ? ref.prevClose : Number.NaN;
    this.avgVolume[id] = ref.avgVolume >= 0 ? ref.avgVolume : Number.NaN;
    this.exchange[id] = this.exchanges.id(ref.exchange);
    return id;
  }

  /** Rebuilds ids from a symbol list (restore); capacity must already hold them. */
  reset(symbols: readonly string[], names: readonly string[], exchanges: readonly string[]): void {
    this.symbols.length = 0;
    this.names.length = 0;
    this.ids.clear();
    for (let i = 0; i < symbols.length; i++) {
      this.symbols.push(symbols[i] as string);
      this.names.push(names[i] ?? '');
      this.ids.set(symbols[i] as string, i);
    }
    this.exchanges = Interner.from(exchanges.slice(1));
  }
}
