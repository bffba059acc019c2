// Struct-of-arrays storage: every per-symbol quantity is one typed array indexed by the dense
// symbol id (times a stride for per-timeframe or per-slot data). Growth doubles capacity and
// copies, so its cost is amortized and no trade ever allocates. The same column list drives
// growth, snapshot and restore, so a new column cannot be forgotten by one of them.

export type Column = Float64Array | Float32Array | Int32Array | Uint32Array | Uint8Array;
/** f32 halves the memory of wide per-slot series whose readers round anyway (the sparkline). */
export type ColumnKind = 'f64' | 'f32' | 'i32' | 'u32' | 'u8';

export interface ColumnSpec {
  readonly name: string;
  readonly kind: ColumnKind;
  /** Elements per symbol. */
  readonly stride: number;
  /** Value of a fresh element (NaN marks "unknown" in f64 and f32 columns). */
  readonly fill: number;
}

export function makeColumn(spec: ColumnSpec, capacity: number): Column {
  const n = capacity * spec.stride;
  let c: Column;
  switch (spec.kind) {
    case 'f64':
      c = new Float64Array(n);
      break;
    case 'f32':
      c = new Float32Array(n);
      break;
    case 'i32':
      c = new Int32Array(n);
      break;
    case 'u32':
      c = new Uint32Array(n);
      break;
    case 'u8':
      c = new Uint8Array(n);
      break;
  }
  if (spec.fill !== 0) c.fill(spec.fill);
  return c;
}

/**
 * A set of columns held as named properties of `owner` (so hot code reads `this.last[id]`,
 * a monomorphic typed-array access, rather than a lookup by name).
 */
export class ColumnGroup {
  constructor(
    private readonly owner: object,
    readonly specs: readonly ColumnSpec[],
  ) {}

  allocate(capacity: number): void {
    for (const s of this.specs) Reflect.set(this.owner, s.name, makeColumn(s, capacity));
  }

  get(name: string): Column {
    return Reflect.get(this.owner, name) as Column;
  }

  grow(capacity: number): void {
    for (const s of this.specs) {
      const next = makeColumn(s, capacity);
      next.set(this.get(s.name) as never);
      Reflect.set(this.owner, s.name, next);
    }
  }

  /** Copies of the first `count` symbols' elements, keyed by column name. */
  copyOut(count: number): Record<string, Column> {
    const out: Record<string, Column> = {};
    for (const s of this.specs) out[s.name] = this.get(s.name).slice(0, count * s.stride);
    return out;
  }

  /** Whether copyIn would accept data: every column present, of its type and length. */
  accepts(data: Record<string, Column>, count: number): boolean {
    for (const s of this.specs) {
      const src = data[s.name];
      if (!src || src.length !== count * s.stride || makeColumn(s, 0).constructor !== src.constructor)
        return false;
    }
    return true;
  }

  /** Overwrites the first rows from copies made by copyOut; false (and nothing written) if misshaped. */
  copyIn(data: Record<string, Column>, count: number): boolean {
    if (!this.accepts(data, count)) return false;
    for (const s of this.specs) {
      const dst = this.get(s.name);
      dst.fill(s.fill);
      dst.set(data[s.name] as never);
    }
    return true;
  }

  /** Resets one symbol's elements to their fill values. */
  clearRow(id: number): void {
    for (const s of this.specs) this.get(s.name).fill(s.fill, id * s.stride, (id + 1) * s.stride);
  }
}
